import type { LanguageId } from '../languages.js';
import { bashRules } from './bash-rules.js';
import { ecmascriptRules } from './ecmascript-rules.js';
import { goRules } from './go-rules.js';
import { cssRules, htmlRules, jsonRules } from './markup-rules.js';
import { pythonRules } from './python-rules.js';
import { rustRules } from './rust-rules.js';
import type { OutlineRules } from './types.js';

/** Each language's outline rules. */
export const RULES: Readonly<Record<LanguageId, OutlineRules>> = {
  javascript: ecmascriptRules,
  typescript: ecmascriptRules,
  tsx: ecmascriptRules,
  python: pythonRules,
  go: goRules,
  rust: rustRules,
  bash: bashRules,
  json: jsonRules,
  css: cssRules,
  html: htmlRules,
};
