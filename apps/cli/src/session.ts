import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';

/** A session directory under the workspace's `.toolcall/sessions`. */
export interface Session {
  readonly id: string;
  readonly directory: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The directory holding every session of a workspace. */
export function sessionsRoot(workspace: string): string {
  return join(workspace, '.toolcall', 'sessions');
}

/** Why `workspace` cannot be used (it is missing or not a directory), or `undefined`. */
export async function workspaceProblem(workspace: string): Promise<string | undefined> {
  const info = await stat(workspace).catch(() => undefined);
  if (info === undefined) return `workspace ${workspace} does not exist`;
  if (!info.isDirectory()) return `workspace ${workspace} is not a directory`;
  return undefined;
}

let calls = 0;

/**
 * A tool-use id no other call of any process in the same session has: `PREFIX-TIME-N-RAND`.
 * Persisted outputs and checkpoints are named after it, so a resumed session keeps earlier ones.
 */
export function uniqueCallId(prefix: string): string {
  calls += 1;
  return `${prefix}-${Date.now().toString(36)}-${calls}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Creates or resumes a session in an existing workspace (the caller checks it with
 * `workspaceProblem`); a new one gets a time-sortable id.
 * Opening marks the session as used now, which is the order `sessions` lists and prunes in.
 */
export async function openSession(
  workspace: string,
  id: string | undefined,
): Promise<{ success: true; value: Session } | { success: false; error: string }> {
  if (id !== undefined && !ID.test(id)) {
    return { success: false, error: `bad session id '${id}': use letters, digits, . _ -` };
  }
  const chosen =
    id ??
    `${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-${Math.random().toString(36).slice(2, 6)}`;
  const directory = join(sessionsRoot(workspace), chosen);
  await mkdir(directory, { recursive: true });
  const now = new Date();
  await utimes(directory, now, now);
  return { success: true, value: { id: chosen, directory } };
}

/** One listed session: its id, last use and size on disk. */
export interface SessionInfo {
  readonly id: string;
  readonly modified: Date;
  readonly bytes: number;
}

/** The size of everything under `path` and the newest change time in it. */
async function usageOf(path: string): Promise<{ bytes: number; newest: number }> {
  const info = await stat(path);
  if (!info.isDirectory()) return { bytes: info.size, newest: info.mtimeMs };
  let bytes = 0;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    const inner = await usageOf(join(path, entry)).catch(() => ({ bytes: 0, newest: 0 }));
    bytes += inner.bytes;
    newest = Math.max(newest, inner.newest);
  }
  return { bytes, newest };
}

/** The sessions of a workspace, most recently used first (the newest change anywhere in one). */
export async function listSessions(workspace: string): Promise<SessionInfo[]> {
  const root = sessionsRoot(workspace);
  const names = await readdir(root).catch(() => [] as string[]);
  const infos = await Promise.all(
    names.map(async (id) => {
      const usage = await usageOf(join(root, id));
      return { id, modified: new Date(usage.newest), bytes: usage.bytes };
    }),
  );
  return infos.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}
/** Removes sessions older than `olderThanMs`, or all but the newest `keep`; returns their ids. */
export async function pruneSessions(
  workspace: string,
  criteria: { olderThanMs?: number; keep?: number; now: number },
): Promise<string[]> {
  const sessions = await listSessions(workspace);
  const doomed = sessions.filter(
    (session, index) =>
      (criteria.keep !== undefined && index >= criteria.keep) ||
      (criteria.olderThanMs !== undefined &&
        criteria.now - session.modified.getTime() > criteria.olderThanMs),
  );
  for (const session of doomed) {
    await rm(join(sessionsRoot(workspace), session.id), { recursive: true, force: true });
  }
  return doomed.map((session) => session.id);
}
