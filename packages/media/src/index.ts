export { encodeBase64 } from './base64.js';
export { webCryptoSha256 } from './digest.js';
export { MediaError, type MediaErrorCode, type MediaErrorOptions } from './errors.js';
export {
  createMediaCache,
  defaultCacheMaxBytes,
  type MediaCache,
  type MediaCacheOptions,
} from './media-cache.js';
export { defaultMediaLimits, type MediaLimits } from './media-limits.js';
export {
  appendMediaMarkers,
  type ExtractedMarkers,
  extractMediaMarkers,
  findMediaMarkers,
  formatMediaMarker,
  type MediaMarkerMatch,
} from './media-marker.js';
export type {
  MediaBackend,
  MediaDigest,
  MediaFileReader,
  MediaPayload,
  MediaRecord,
  MediaReference,
} from './media-record.js';
export { createMediaStore } from './media-store.js';
export type { MediaStore, MediaStoreOptions } from './media-store-types.js';
export {
  extensionForMimeType,
  type ImageMimeType,
  kindOfMimeType,
  type MediaKind,
  type MediaMimeType,
  mediaMimeTypes,
  mimeTypeFromPath,
  normalizeMimeType,
} from './media-types.js';
export type { CaptureInput } from './normalize-capture-input.js';
export {
  type AnthropicContent,
  type GeminiContent,
  type McpContent,
  type MediaCapabilities,
  type MediaProvider,
  type OpenAIChatContent,
  type OpenAIResponsesContent,
  type ProviderContentMap,
  type ProviderContentOptions,
  providerTextContent,
  toProviderContent,
} from './provider-content.js';
export {
  type ReplayProviderContentOptions,
  replayProviderContent,
} from './replay-provider-content.js';
export type { MediaResult } from './result.js';
export { sniffMediaType } from './sniff-media-type.js';
export { describeUndeliveredMedia, summarizeMedia } from './summarize-media.js';
export { type MediaInfo, type ValidateMediaOptions, validateMedia } from './validate-media.js';
