import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createHostCheckpoints } from '@toolcall/pipeline/node';
import { SESSION_ID_PATTERN, sessionLayout, sessionsDirectoryOf } from './session-layout.js';

/** One session of a workspace as listed: its id, last use, size and unfinished scripts. */
export interface SessionInfo {
  readonly id: string;
  /** The newest change anywhere in the session. */
  readonly modified: Date;
  readonly bytes: number;
  /** Scripts an ended process left running there, shown (and consumed) when it is resumed. */
  readonly unfinished: number;
}

/** The size of everything under `entry` and the newest change time in it. */
async function usageOf(entry: string): Promise<{ bytes: number; newest: number }> {
  const info = await stat(entry);
  if (!info.isDirectory()) return { bytes: info.size, newest: info.mtimeMs };
  let bytes = 0;
  let newest = info.mtimeMs;
  for (const name of await readdir(entry)) {
    const inner = await usageOf(path.join(entry, name)).catch(() => ({ bytes: 0, newest: 0 }));
    bytes += inner.bytes;
    newest = Math.max(newest, inner.newest);
  }
  return { bytes, newest };
}

/** The sessions of `workspace`, most recently used first. */
export async function listSessions(workspace: string): Promise<SessionInfo[]> {
  const names = await readdir(sessionsDirectoryOf(workspace)).catch(() => [] as string[]);
  const infos = await Promise.all(
    names
      .filter((id) => SESSION_ID_PATTERN.test(id))
      .map(async (id) => {
        const layout = sessionLayout({ workspace, id });
        const usage = await usageOf(layout.directory).catch(() => undefined);
        if (usage === undefined) return [];
        const unfinished = await createHostCheckpoints(layout.checkpoints)
          .unfinished()
          .catch(() => 0);
        return [{ id, modified: new Date(usage.newest), bytes: usage.bytes, unfinished }];
      }),
  );
  return infos.flat().sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** Which sessions `pruneSessions` removes: older than `olderThanMs`, or all but the newest `keep`. */
export interface PruneCriteria {
  readonly olderThanMs?: number;
  readonly keep?: number;
  /** The time ages are measured from (milliseconds since the epoch). */
  readonly now: number;
}

/** Removes the sessions of `workspace` that `criteria` names; resolves to their ids. */
export async function pruneSessions(workspace: string, criteria: PruneCriteria): Promise<string[]> {
  const sessions = await listSessions(workspace);
  const doomed = sessions.filter(
    (session, index) =>
      (criteria.keep !== undefined && index >= criteria.keep) ||
      (criteria.olderThanMs !== undefined &&
        criteria.now - session.modified.getTime() > criteria.olderThanMs),
  );
  for (const session of doomed) {
    await rm(sessionLayout({ workspace, id: session.id }).directory, {
      recursive: true,
      force: true,
    });
  }
  return doomed.map((session) => session.id);
}
