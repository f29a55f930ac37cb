export { LANGUAGE_IDS, type LanguageId } from './languages.js';
export { nodeRenderer, outlineRenderer } from './navigation-renderers.js';
export { type NodeQuery, type NodeReport, nodeReport } from './node-report.js';
export { createNodeTool } from './node-tool.js';
export { type OutlineOptions, type OutlineText, outlineText } from './outline.js';
export { createOutlineTool } from './outline-tool.js';
export type { NavigationOptions } from './read-source.js';
export { type LoadLanguageOptions, loadLanguage } from './warm-up.js';
export { CONSTRUCTION_LIMIT, TRUNCATED_LINE } from './whole-file.js';
