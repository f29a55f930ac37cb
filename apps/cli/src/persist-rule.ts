import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatPermissionRule, type PermissionRule } from '@toolcall/pipeline';

/** Saves `allow always` rules to a config file, one write at a time. */
export interface RulePersister {
  /** Queues the rule; it is appended to `permissions.allow` unless already there. */
  add(rule: PermissionRule): void;
  /** Resolves when every queued rule is written (a failed write is dropped, never thrown). */
  flush(): Promise<void>;
}

/** Spells a rule the way `--allow` and the config file take it: `TOOL`, `TOOL(SPEC)`. */
export const formatRule = formatPermissionRule;

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

async function append(file: string, text: string): Promise<void> {
  const config = await readJson(file);
  const permissions = (config.permissions ?? {}) as Record<string, unknown>;
  const allow = Array.isArray(permissions.allow) ? (permissions.allow as unknown[]) : [];
  if (allow.includes(text)) return;
  const next = { ...config, permissions: { ...permissions, allow: [...allow, text] } };
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed, so a reader never sees half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`);
  await rename(temporary, file);
}

/** Creates a persister writing to `file` (usually the workspace's `.toolcall/config.json`). */
export function createRulePersister(file: string): RulePersister {
  let queue: Promise<void> = Promise.resolve();
  return {
    add: (rule) => {
      const text = formatRule(rule);
      // A config file that cannot be read or written keeps the rule for this session only.
      queue = queue.then(() => append(file, text)).catch(() => undefined);
    },
    flush: () => queue,
  };
}
