export { PipelineError, type PipelineErrorCode } from './errors.js';
