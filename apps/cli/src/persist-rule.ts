import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatPermissionRule, type PermissionRule } from '@toolcall/pipeline';
import { isConfigTrusted, trustConfigFile } from '@toolcall/tools';

/** Saves `allow always` rules to a config file, one write at a time. */
export interface RulePersister {
  /** Queues the rule; it is appended to `permissions.allow` unless already there. */
  add(rule: PermissionRule): void;
  /** Resolves when every queued rule is written (a failed write is dropped, never thrown). */
  flush(): Promise<void>;
}

/** Spells a rule the way `--allow` and the config file take it: `TOOL`, `TOOL(SPEC)`. */
export const formatRule = formatPermissionRule;

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function parseObject(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

async function append(file: string, text: string, environment: NodeJS.ProcessEnv): Promise<void> {
  const before = await readText(file);
  const config = parseObject(before);
  const permissions = (config.permissions ?? {}) as Record<string, unknown>;
  const allow = Array.isArray(permissions.allow) ? (permissions.allow as unknown[]) : [];
  if (allow.includes(text)) return;
  const next = { ...config, permissions: { ...permissions, allow: [...allow, text] } };
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed, so a reader never sees half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  const content = `${JSON.stringify(next, null, 2)}\n`;
  // The person's own answer changes the file: a file they trusted (or a new one) stays
  // trusted with exactly what is written here; an untrusted one stays untrusted.
  const keepTrust = before === undefined || (await trustedNow(file, before, environment));
  await writeFile(temporary, content);
  await rename(temporary, file);
  if (keepTrust) await trustConfigFile({ file, content, environment });
}

async function trustedNow(
  file: string,
  content: string,
  environment: NodeJS.ProcessEnv,
): Promise<boolean> {
  const trusted = await isConfigTrusted({ file, content, environment });
  return trusted.success && trusted.value;
}

/**
 * Creates a persister writing to `file` (usually the workspace's `.toolcall/config.json`);
 * `environment` locates the trust store (`trustStorePath`).
 */
export function createRulePersister(
  file: string,
  environment: NodeJS.ProcessEnv = process.env,
): RulePersister {
  let queue: Promise<void> = Promise.resolve();
  return {
    add: (rule) => {
      const text = formatRule(rule);
      // A config file that cannot be read or written keeps the rule for this session only.
      queue = queue.then(() => append(file, text, environment)).catch(() => undefined);
    },
    flush: () => queue,
  };
}
