export { RenderError, type RenderErrorCode } from './errors.js';
