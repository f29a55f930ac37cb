import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Where a session's files are, all under `WORKSPACE/.toolcall/sessions/ID/`. This is the one
 * place the layout is spelled: the session's stores, its resource families and the process
 * manager's protected session store all take their paths from it.
 */
export interface SessionLayout {
  /** `WORKSPACE/.toolcall`: the workspace's toolcall directory. */
  readonly toolcallDirectory: string;
  /** `WORKSPACE/.toolcall/sessions`: every session of the workspace. */
  readonly sessionsDirectory: string;
  /** `SESSIONS/ID`: this session. */
  readonly directory: string;
  /** `SESSION/artifacts`: persisted oversized output and saved files (`artifact://`). */
  readonly artifacts: string;
  /** `SESSION/media`: images and other media attached to results. */
  readonly media: string;
  /** `SESSION/toolcall`: the checkpoints of running ToolCall scripts. */
  readonly checkpoints: string;
  /** `SESSION/work`: the session's scratch files (`work://`). */
  readonly work: string;
  /** `SESSION/history`: saved history (`history://saved`). */
  readonly history: string;
}

/** What a session id may be: a letter or digit, then up to 63 letters, digits, `.`, `_`, `-`. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The directory holding every session of `workspace`. */
export function sessionsDirectoryOf(workspace: string): string {
  return path.join(workspace, '.toolcall', 'sessions');
}

/** The layout of session `id` in `workspace` (an absolute path); nothing is created. */
export function sessionLayout(options: { workspace: string; id: string }): SessionLayout {
  const { workspace, id } = options;
  const sessionsDirectory = sessionsDirectoryOf(workspace);
  const directory = path.join(sessionsDirectory, id);
  return {
    toolcallDirectory: path.dirname(sessionsDirectory),
    sessionsDirectory,
    directory,
    artifacts: path.join(directory, 'artifacts'),
    media: path.join(directory, 'media'),
    checkpoints: path.join(directory, 'toolcall'),
    work: path.join(directory, 'work'),
    history: path.join(directory, 'history'),
  };
}

/** A new session id that sorts by creation time: `20261201-153045-k3f9`. */
export function newSessionId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex').slice(0, 4)}`;
}

let calls = 0;

/**
 * A tool-use id no other call of any process in the same session has: `PREFIX-TIME-N-RAND`.
 * Persisted outputs, media and checkpoints are named after it, so a resumed session keeps the
 * earlier ones.
 */
export function uniqueToolUseId(prefix: string): string {
  calls += 1;
  return `${prefix}-${Date.now().toString(36)}-${calls}${randomBytes(3).toString('hex').slice(0, 4)}`;
}
