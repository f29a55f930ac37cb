export { MediaError, type MediaErrorCode } from './errors.js';
