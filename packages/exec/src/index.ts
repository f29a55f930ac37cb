export * from './bash/index.js';
export { ExecError, type ExecErrorCode } from './errors.js';
