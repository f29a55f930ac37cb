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
export {
  listSessions,
  type PruneCriteria,
  pruneSessions,
  type SessionInfo,
} from './list-sessions.js';
export {
  createSessionMediaSink,
  type SessionMediaSink,
  type SessionMediaSinkOptions,
} from './media-sink.js';
export { openSession, openSessionOrThrow } from './open-session.js';
export type { OpenSessionOptions } from './open-session-options.js';
export type { Session } from './session.js';
export { checkWorkspace, type SessionResult } from './session-directories.js';
export {
  newSessionId,
  SESSION_ID_PATTERN,
  type SessionLayout,
  sessionLayout,
  sessionsDirectoryOf,
  uniqueToolUseId,
} from './session-layout.js';
export type { SessionToolSetOptions } from './session-tool-set-options.js';
