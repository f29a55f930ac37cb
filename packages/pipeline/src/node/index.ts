export { createFileCheckpointStore, type FileCheckpointStoreOptions } from './checkpoint-store.js';
export { type CommandHookOptions, commandHook } from './command-hook.js';
export { createFileArtifactStore, createFileReader, createJsonlAppender } from './files.js';
export { createHostCheckpoints, type HostCheckpoints } from './host-checkpoints.js';
export { nodePermissionFileSystem } from './permission-file-system.js';
