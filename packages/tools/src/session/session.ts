import type { RecoveredToolCall } from '@toolcall/pipeline';
import type { HostCheckpoints } from '@toolcall/pipeline/node';
import type { ToolSet, ToolSetOptions } from '../tool-set.js';
import type { SessionArtifactStore } from './artifact-store.js';
import type { SessionMediaSink } from './media-sink.js';
import type { SessionLayout } from './session-layout.js';
import type { SessionToolSetOptions } from './session-tool-set-options.js';

/**
 * An open session of a workspace: its directories, its stores, the scripts recovered on opening,
 * and what wires it into a tool set. Every host (a command line, an MCP server, an editor's
 * bridge, a harness) opens one with `openSession` and gets the same stores and layout.
 */
export interface Session {
  readonly id: string;
  /** The workspace (absolute). */
  readonly workspace: string;
  /** Where the session's files are; backing paths for the host, never for the model. */
  readonly layout: SessionLayout;
  /** Whether the session existed before this open. */
  readonly resumed: boolean;
  /** Most bytes the session's artifacts hold together; past it the oldest are evicted. */
  readonly quotaBytes: number;
  /** Oversized output, one artifact per execution, fetched files: atomic, under the quota. */
  readonly artifacts: SessionArtifactStore;
  /** Images and other media attached to results, kept as files of the session. */
  readonly media: SessionMediaSink;
  /** ToolCall's checkpoints, or `undefined` when the session keeps none (see `warnings`). */
  readonly checkpoints: HostCheckpoints | undefined;
  /** The scripts an ended process left running, as interrupted records (read once, on opening). */
  readonly recovered: readonly RecoveredToolCall[];
  /** What went wrong on opening without stopping it (checkpoints that cannot be kept). */
  readonly warnings: readonly string[];
  /**
   * `createToolSet`'s options with this session wired in, over `options` (which may not carry
   * what the session supplies: media, artifacts, checkpoints, resources, the session store).
   */
  toolSetOptions(options?: SessionToolSetOptions): ToolSetOptions;
  /**
   * Starts autosaving the running journals of `toolSet`'s scripts (so a killed process leaves
   * the nested calls that completed) and routes `settle` to it; a later call replaces it.
   */
  attach(toolSet: Pick<ToolSet, 'toolCallJournals' | 'commitToolCall'>): void;
  /**
   * The outcome of script `envelopeId` has been delivered (shown, sent, written): its
   * checkpoint goes, and with `settlementCommit: 'host'` its settlement is committed. Once per
   * id; rejects when the checkpoint cannot be removed (it is then recovered as interrupted).
   */
  settle(envelopeId: string): Promise<void>;
  /**
   * Stops the autosave, waits for the checkpoint writes queued, and removes the directories
   * this open created while they are still empty. Close the tool sets first. Runs once.
   */
  close(): Promise<void>;
}
