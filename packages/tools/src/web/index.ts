export { type AddressClass, type AddressKind, classifyAddress } from './address-class.js';
export { type ContentKind, classifyContent } from './content-kind.js';
export { type PrivateHostAllowance, privateHostsAllowedByRules } from './destination-guard.js';
export { hostMatchesDomain, normalizeDomain } from './domain-filter.js';
export {
  parseDuckDuckGoPage,
  type SearchPage,
  type SearchResult,
  unwrapDestination,
} from './duckduckgo-parse.js';
export { htmlToMarkdown } from './html-to-markdown.js';
export { extractPdfText, type PdfTextExtractor } from './pdf-text.js';
export {
  type HostLookup,
  isLoopbackAddress,
  isPrivateAddress,
  isPrivateHost,
} from './private-address.js';
export { WebError, type WebErrorCode, type WebResult } from './web-error.js';
export {
  type ArtifactBytesStore,
  type PdfArtifactSaver,
  pdfSaverFor,
  type WebFetchOptions,
} from './web-fetch-options.js';
export { createWebFetchTool } from './web-fetch-tool.js';
export { webFetchRenderer, webRenderers, webSearchRenderer } from './web-renderers.js';
export { createWebSearchTool, type WebSearchOptions } from './web-search-tool.js';
