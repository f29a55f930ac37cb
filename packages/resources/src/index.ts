export {
  type AddressOf,
  type AgentAddress,
  type ArtifactAddress,
  type Components,
  type HistoryAddress,
  type JournalAddress,
  type McpAddress,
  type MemoryAddress,
  type ResourceAddress,
  type ResourceFamily,
  type ResourceScheme,
  resourceFamilies,
  resourceSchemes,
  type SavedHistoryAddress,
  type SharedAddress,
  type SharedTarget,
  type SkillAddress,
  type SkillLocator,
  type SkillOrigin,
  schemeOf,
  skillOrigins,
  type ToolcallAddress,
  type WorkAddress,
} from './address-types.js';
export {
  type AddressIssue,
  ResourceError,
  type ResourceErrorCode,
  type ResourceErrorOptions,
} from './errors.js';
export type {
  FamilyHandler,
  FamilyPreparation,
  FamilyPrepareRequest,
  ResourceContext,
  ResourceFamilyHandlers,
  ResourceScope,
} from './family-handler.js';
export { formatAddress } from './format-address.js';
export { renderJsonValue, selectPointer } from './json-pointer.js';
export {
  isOperationAllowed,
  type MatrixCell,
  type MatrixRow,
  operationMatrix,
  type ResourceOperation,
  resourceOperations,
  toolNameOf,
} from './operation-matrix.js';
export type {
  ExecuteOptions,
  ListingEntry,
  ResourceDocument,
  ResourceOutcome,
  SearchRoot,
  WritableResource,
} from './outcome-types.js';
export {
  canonicalizeAddress,
  isAddressLike,
  parseAddress,
  parseAddressOrThrow,
} from './parse-address.js';
export {
  appendToAddress,
  createPathRewriter,
  type PathMapping,
  type PathRewriter,
} from './path-rewriter.js';
export { encodeComponent } from './percent-encoding.js';
export { providerFamilyHandlers } from './provider-families.js';
export type {
  AgentProvider,
  AgentResult,
  HistoryProvider,
  McpProvider,
  McpResourceContent,
  McpResourceInfo,
  McpServerInfo,
  ResourceProviders,
  RetainedAgent,
  SharedContent,
  SharedProvider,
} from './providers.js';
export {
  createResourceResolver,
  type PreparedResource,
  type ResourceResolver,
} from './resolver.js';
export { type AuthorityFacts, ResourceAttempt } from './resource-attempt.js';
export { fail, ok, type Result } from './result.js';
