export { systemClock } from './clock.js';
export { InterpreterError, type InterpreterErrorCode } from './errors.js';
export { type ErrorKind, type EvaluateOptions, evaluate, type Outcome } from './evaluate.js';
export {
  fromJson,
  type JsonObject,
  type JsonResult,
  type JsonSchema,
  type JsonValue,
  toJson,
} from './json.js';
export {
  type BudgetName,
  budgetNames,
  defaultLimits,
  type Limits,
  normalizeLimits,
} from './limits.js';
export { type PreflightResult, preflight } from './preflight.js';
export { print } from './printer.js';
export { type ReadForms, type ReadResult, read } from './reader.js';
export {
  type CompiledRegexp,
  type CompileRegexpOptions,
  compileRegexp,
  GuestRegexp,
  type RegexpCompileResult,
  type RegexpMatch,
  regexpQuote,
} from './regexp/index.js';
export {
  type CallEvent,
  type CallRecord,
  type Clock,
  type QueuedCall,
  type QueuedCalls,
  type QueueEvent,
  SettledCall,
  type ToolBinding,
  type ToolCallContext,
  ToolDenied,
} from './tool-types.js';
export { utf8Length } from './utf8.js';
export {
  Closure,
  Cons,
  type Integer,
  intern,
  isClosure,
  isCons,
  isFloat,
  isInteger,
  isKeyword,
  isList,
  isNumber,
  isString,
  isSymbol,
  isVector,
  LFloat,
  list,
  NIL,
  Sym,
  T,
  type Value,
} from './values.js';
