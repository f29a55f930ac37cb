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
 * Creates the session directory (and `.toolcall/sessions` above it) and marks it as used now,
 * which is the order sessions are listed and pruned in. The directories exist while tools run,
 * so the sandbox keeps masking the session store.
 */
export async function createSessionDirectories(
  layout: SessionLayout,
): Promise<SessionResult<CreatedDirectories>> {
  const chain = [layout.directory, layout.sessionsDirectory, layout.toolcallDirectory];
  const created: string[] = [];
  for (const directory of chain) {
    if ((await stat(directory).catch(() => undefined)) === undefined) created.push(directory);
  }
  try {
    await mkdir(layout.directory, { recursive: true });
    const now = new Date();
    await utimes(layout.directory, now, now);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return fail(
      'session-unavailable',
      `the session directory ${layout.directory} cannot be created (${reason})`,
      error,
    );
  }
  return { success: true, value: { resumed: !created.includes(layout.directory), created } };
}

/**
 * Removes the directories an open created, deepest first, while they are still empty: a
 * session in which nothing was written leaves nothing behind.
 */
export async function removeIfEmpty(created: readonly string[]): Promise<void> {
  for (const directory of created) {
    try {
      await rmdir(directory);
    } catch {
      // Not empty (something was written) or gone: it and its parents stay as they are.
      return;
    }
  }
}

function fail(code: ToolsError['code'], message: string, cause?: unknown) {
  return {
    success: false as const,
    error: new ToolsError(code, message, cause === undefined ? undefined : { cause }),
  };
}
