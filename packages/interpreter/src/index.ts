export { InterpreterError, type InterpreterErrorCode } from './errors.js';
