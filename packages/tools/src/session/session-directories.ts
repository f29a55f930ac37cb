import { mkdir, rmdir, stat, utimes } from 'node:fs/promises';
import { ToolsError } from '../errors.js';
import type { SessionLayout } from './session-layout.js';

/** An expected outcome of a session step: its value, or a ToolsError saying what was wrong. */
export type SessionResult<T> = { success: true; value: T } | { success: false; error: ToolsError };

/** Whether `workspace` can hold sessions: it exists and is a directory. */
export async function checkWorkspace(workspace: string): Promise<SessionResult<string>> {
  const info = await stat(workspace).catch(() => undefined);
  if (info === undefined) {
    return fail('workspace-unavailable', `workspace ${workspace} does not exist`);
  }
  if (!info.isDirectory()) {
    return fail('workspace-unavailable', `workspace ${workspace} is not a directory`);
  }
  return { success: true, value: workspace };
}

/** The session directory made ready, and which directories of its chain this open created. */
export interface CreatedDirectories {
  /** Whether the session directory existed before (the session is resumed). */
  readonly resumed: boolean;
  /** The directories that did not exist before, deepest first. */
  readonly created: readonly string[];
}

/**
 * Creates the session directory (and `.toolcall/sessions` above it), unless `create` is false
 * (the first store that writes creates it then), and marks an existing one as used now, which is
 * the order sessions are listed and pruned in.
 */
export async function createSessionDirectories(
  layout: SessionLayout,
  create: boolean,
): Promise<SessionResult<CreatedDirectories>> {
  const chain = [layout.directory, layout.sessionsDirectory, layout.toolcallDirectory];
  const created: string[] = [];
  for (const directory of chain) {
    if ((await stat(directory).catch(() => undefined)) === undefined) created.push(directory);
  }
  const resumed = !created.includes(layout.directory);
  try {
    if (create) await mkdir(layout.directory, { recursive: true });
    const now = new Date();
    if (create || resumed) await utimes(layout.directory, now, now);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return fail(
      'session-unavailable',
      `the session directory ${layout.directory} cannot be created (${reason})`,
      error,
    );
  }
  return { success: true, value: { resumed, created } };
}

/**
 * Removes the directories an open created (or left to be created), deepest first, while they
 * are still empty: a session in which nothing was written leaves nothing behind.
 */
export async function removeIfEmpty(created: readonly string[]): Promise<void> {
  for (const directory of created) {
    try {
      await rmdir(directory);
    } catch (error) {
      // Never made: its parent may still be. Not empty (something was written): it and its
      // parents stay as they are.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    }
  }
}

function fail(code: ToolsError['code'], message: string, cause?: unknown) {
  return {
    success: false as const,
    error: new ToolsError(code, message, cause === undefined ? undefined : { cause }),
  };
}
