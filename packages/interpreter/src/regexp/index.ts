export { type CompileRegexpOptions, compileRegexp, GuestRegexp } from './compile.js';
export { regexpQuote } from './regexp-quote.js';
export type { CompiledRegexp, RegexpCompileResult, RegexpMatch } from './types.js';
