export {
  DEFAULT_ARTIFACT_QUOTA_BYTES,
  evictionNotice,
} from './artifact-quota.js';
export {
  createSessionArtifactStore,
  type SessionArtifactStore,
  type SessionArtifactStoreOptions,
  type StoredArtifact,
} from './artifact-store.js';
export { removeOrphanedPartials, stageFile, writeFileAtomic } from './atomic-file.js';
