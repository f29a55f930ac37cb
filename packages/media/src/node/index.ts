export {
  createFileMediaBackend,
  type FileMediaBackend,
  type FileMediaBackendOptions,
} from './file-media-backend.js';
export { type MediaFileSystem, nodeFileSystem } from './file-system.js';
export { isManifestRecord, loadManifest, manifestName } from './manifest.js';
export {
  nodeSha256,
  openSessionMediaStore,
  type SessionMediaStoreOptions,
} from './open-session-media-store.js';
export { createMediaFileReader } from './read-media-file.js';
