import type { CallSource, MediaInput, MediaReference } from './tool-types.js';

/** A request to prepare one path or resource argument before permission is decided. */
export interface ResourceRequest {
  readonly toolName: string;
  readonly argument: string;
  readonly value: string;
  readonly kind: 'path' | 'path-or-resource';
  readonly access: 'read' | 'write';
}

/** The preparer's answer: an opaque prepared attempt, or a model-visible reason it failed. */
export type ResourcePreparation =
  | { readonly success: true; readonly value: unknown }
  | { readonly success: false; readonly message: string };

/** Prepares path and resource arguments (e.g. `work://…`) without reading content. */
export interface ResourcePreparer {
  prepare(request: ResourceRequest): ResourcePreparation | PromiseLike<ResourcePreparation>;
}

/** Stores media a handler returned and answers with an opaque reference. */
export interface MediaSink {
  put(
    media: MediaInput,
    owner: { readonly toolName: string; readonly toolUseId: string },
  ): MediaReference | PromiseLike<MediaReference>;
}

/** Stores an oversized result once and returns its `artifact://` address. */
export interface ArtifactStore {
  put(artifact: {
    readonly text: string;
    readonly toolName: string;
    readonly toolUseId: string;
  }): { readonly address: string } | PromiseLike<{ readonly address: string }>;
}

/** Reads a file's current text for snapshots; `undefined` means the file does not exist. */
export type SnapshotReader = (path: string) => string | undefined | PromiseLike<string | undefined>;

/** The identity of a top-level call whose outcome is being projected for a provider. */
export interface ProjectedCall {
  readonly toolName: string;
  readonly toolUseId: string;
  readonly source: CallSource;
}

/**
 * Hands the provider projection the background messages (Monitor lines, completions of yielded
 * commands) waiting for the conversation that made a call, so they reach its model appended to
 * the next tool result it sees.
 */
export interface EventMailbox {
  /** Removes and returns the waiting messages as model-facing text, or `undefined` when none wait. */
  take(call: ProjectedCall): string | undefined;
}
