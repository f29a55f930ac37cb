export { ResourceError, type ResourceErrorCode } from './errors.js';
