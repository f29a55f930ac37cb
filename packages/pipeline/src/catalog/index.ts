export { type ArgumentInfo, argumentsOf, callingShape } from './calling-shape.js';
export {
  type Catalog,
  type CatalogEntry,
  type CatalogOptions,
  createCatalog,
  DEFAULT_STANDALONE_ONLY,
  ENVELOPE_TOOLS,
} from './catalog.js';
export { type ListingOptions, renderListing, type SpecialistListing } from './listing.js';
export {
  formatContract,
  SEARCH_LIST_LIMIT,
  type SearchOptions,
  searchCatalog,
  selectEntries,
} from './tool-search.js';
export { createToolSearchTool, type ToolSearchToolOptions } from './tool-search-tool.js';
