import path from 'node:path';
import type { SettlementCommit } from '@toolcall/pipeline';
import type { ResourceProviders } from '@toolcall/resources';
import { DEFAULT_ARTIFACT_QUOTA_BYTES } from './artifact-quota.js';

/** Options of `openSession`; only `workspace` is required. */
export interface OpenSessionOptions {
  /** The workspace (an absolute path to an existing directory). */
  readonly workspace: string;
  /** The session to resume or create; default a new, time-sortable id. */
  readonly sessionId?: string;
  /** Most bytes the session's artifacts may hold together (default 1 GiB). */
  readonly quotaBytes?: number;
  /**
   * Where ToolCall checkpoints running scripts: the session's own `toolcall/` (`true`, the
   * default), another directory (an editor's state directory its hosts share; written once on
   * opening to check it), or `false` for none.
   */
  readonly checkpoints?: boolean | { readonly directory: string };
  /**
   * Who commits a script's settlement: `settlement` (default), as it settles, or `host`, with
   * `Session.settle` once the host has delivered the outcome, so a process killed in between
   * leaves the script to be recovered as interrupted.
   */
  readonly settlementCommit?: SettlementCommit;
  /** Host-owned resource families (agent, live history, mcp, shared) for the session's tools. */
  readonly providers?: ResourceProviders;
  /**
   * Whether opening creates the session directory (default true). With false the first store
   * that writes creates it, so a host that stores nothing leaves nothing in the workspace, even
   * when it is killed; a host that writes files of its own there wants the default.
   */
  readonly createDirectory?: boolean;
}

/** `openSession`'s options after defaults; `checkpointsDirectory` `undefined` is the session's own. */
export type NormalizedSessionOptions = Required<
  Pick<OpenSessionOptions, 'workspace' | 'quotaBytes' | 'settlementCommit' | 'createDirectory'>
> &
  Omit<OpenSessionOptions, 'workspace' | 'quotaBytes' | 'settlementCommit' | 'createDirectory'> & {
    readonly checkpointsDirectory: string | false | undefined;
  };

/** Copies the options once into a null-prototype object, applies the defaults, checks each. */
export function normalizeSessionOptions(options: OpenSessionOptions): NormalizedSessionOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`openSession: options must be an object, received ${String(options)}`);
  }
  const given: OpenSessionOptions = Object.assign(Object.create(null), options);
  const bad = (name: string, expected: string, value: unknown) =>
    new TypeError(`openSession: ${name} must be ${expected}, received ${String(value)}`);
  if (typeof given.workspace !== 'string' || !path.isAbsolute(given.workspace)) {
    throw bad('workspace', 'an absolute directory path', given.workspace);
  }
  if (given.sessionId !== undefined && typeof given.sessionId !== 'string') {
    throw bad('sessionId', 'a string', given.sessionId);
  }
  const { checkpoints = true, settlementCommit = 'settlement', createDirectory = true } = given;
  if (typeof createDirectory !== 'boolean') {
    throw bad('createDirectory', 'a boolean', createDirectory);
  }
  const quotaBytes = given.quotaBytes ?? DEFAULT_ARTIFACT_QUOTA_BYTES;
  if (!Number.isSafeInteger(quotaBytes) || quotaBytes < 1) {
    throw bad('quotaBytes', 'a positive integer', quotaBytes);
  }
  if (settlementCommit !== 'settlement' && settlementCommit !== 'host') {
    throw bad('settlementCommit', "'settlement' or 'host'", settlementCommit);
  }
  let checkpointsDirectory: string | false | undefined;
  if (checkpoints === false) checkpointsDirectory = false;
  else if (checkpoints !== true) {
    const directory = (checkpoints as { directory?: unknown } | null)?.directory;
    if (typeof directory !== 'string' || !path.isAbsolute(directory)) {
      throw bad('checkpoints', 'a boolean or { directory: ABSOLUTE-PATH }', checkpoints);
    }
    checkpointsDirectory = directory;
  }
  return {
    ...given,
    quotaBytes,
    settlementCommit,
    createDirectory,
    checkpointsDirectory,
  };
}
