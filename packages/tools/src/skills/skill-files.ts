import type { ResourceResolver } from '@toolcall/resources';

/** The files of one skill folder as addresses, at most `limit` of them. */
export interface SkillFiles {
  readonly files: readonly string[];
  /** More files exist than were listed. */
  readonly truncated: boolean;
}

/**
 * Lists every file below a skill address, breadth first and sorted per folder, through the
 * resolver's `skill://` listings: the addresses keep the skill's form and containment is the
 * family's.
 */
export async function listSkillFiles(
  resources: ResourceResolver,
  address: string,
  limit: number,
): Promise<SkillFiles> {
  const files: string[] = [];
  const folders = [address];
  let visited = 0;
  for (let next = folders.shift(); next !== undefined; next = folders.shift()) {
    // A tree of empty folders is bounded too.
    if (++visited > limit) return { files, truncated: true };
    const prepared = resources.prepare('read', next);
    if (!prepared.success) continue;
    const outcome = await resources.execute(prepared.value.attempt, { listLimit: limit + 1 });
    if (!outcome.success || outcome.value.kind !== 'listing') continue;
    for (const entry of outcome.value.entries) {
      if (entry.kind === 'directory') folders.push(entry.address);
      else if (files.length < limit) files.push(entry.address);
      else return { files, truncated: true };
    }
    if (outcome.value.truncated) return { files, truncated: true };
  }
  return { files, truncated: false };
}
