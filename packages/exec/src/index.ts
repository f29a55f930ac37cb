export { ExecError, type ExecErrorCode } from './errors.js';
