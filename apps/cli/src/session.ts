import { mkdir, readdir, rm, stat } from 'node:fs/promises';
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

/** Creates or resumes a session; a new one gets a time-sortable id. */
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
  return { success: true, value: { id: chosen, directory } };
}

/** One listed session: its id, last change and size on disk. */
export interface SessionInfo {
  readonly id: string;
  readonly modified: Date;
  readonly bytes: number;
}

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry));
  return total;
}

/** The sessions of a workspace, newest first. */
export async function listSessions(workspace: string): Promise<SessionInfo[]> {
  const root = sessionsRoot(workspace);
  const names = await readdir(root).catch(() => [] as string[]);
  const infos = await Promise.all(
    names.map(async (id) => ({
      id,
      modified: (await stat(join(root, id))).mtime,
      bytes: await sizeOf(join(root, id)),
    })),
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
