import { defineTool, z } from '@toolcall/pipeline';
import type { ResourceResolver } from '@toolcall/resources';
import { resolveSkill } from './resolve-skill.js';
import type { SkillCatalog, SkillEntry } from './skill-catalog.js';
import { listSkillFiles, type SkillFiles } from './skill-files.js';

/** What `createSkillTool` needs from its host. */
export interface SkillToolOptions {
  /** The catalog as it is now (read again on every call, so edited skills load fresh). */
  readonly catalog: () => Promise<SkillCatalog>;
  /** The resolver that serves `skill://` over the catalog's sources. */
  readonly resources: ResourceResolver;
  /** Most files a result lists (default 100). */
  readonly maxFiles?: number;
}

const DESCRIPTION = [
  'Loads a skill: returns its instructions (the SKILL.md body) and the skill:// addresses of its',
  'files, which Read opens. Name a skill from the skill listing, or give a skill://ORIGIN/NAME or',
  'exact skill://NAME@SHA256 address to load one that another source shadows. Follow the',
  'instructions it returns. Standalone only: the call must be the entire expression.',
].join(' ');

function error(message: string) {
  return { result: `Error: ${message}`, status: 'error' as const };
}

/** The result text: where the skill comes from, its files, then its instructions. */
export function formatSkillResult(entry: SkillEntry, address: string, files: SkillFiles): string {
  const origin = entry.plugin === undefined ? entry.origin : `${entry.origin}/${entry.plugin}`;
  const lines = [
    `Skill ${entry.name} (${origin}) loaded from ${address}.`,
    `Paths in its instructions are relative to ${address}; Read opens each file:`,
    ...files.files.map((file) => `- ${file}`),
  ];
  if (files.truncated) lines.push(`(more files: Glob ${address} lists them all)`);
  lines.push('', entry.body.trimEnd());
  return lines.join('\n');
}

/** Creates the standalone-only `Skill` tool, which loads one skill of the catalog. */
export function createSkillTool(options: SkillToolOptions) {
  if (typeof options?.catalog !== 'function' || typeof options.resources?.prepare !== 'function') {
    throw new TypeError(
      'createSkillTool: expected { catalog: () => Promise<SkillCatalog>, resources: ResourceResolver }',
    );
  }
  const maxFiles = options.maxFiles ?? 100;
  if (!Number.isInteger(maxFiles) || maxFiles < 1) {
    throw new TypeError(
      `createSkillTool: maxFiles must be a positive integer, received ${String(maxFiles)}`,
    );
  }
  const { catalog, resources } = options;
  return defineTool({
    name: 'Skill',
    description: DESCRIPTION,
    summary: 'Load a skill: its instructions and the skill:// addresses of its files.',
    category: 'interaction',
    groups: ['interaction'],
    // Loading reads the skill's own files; nothing changes.
    readOnly: true,
    args: z.object({
      skill: z
        .string()
        .min(1)
        .describe(
          'A skill name from the skill listing, or skill://ORIGIN/NAME, or skill://NAME@SHA256.',
        ),
    }),
    // Rules can allow or deny single skills: Skill(pdf).
    permission: { name: (args) => args.skill },
    handler: async (args) => {
      const resolved = resolveSkill(await catalog(), args.skill);
      if (!resolved.success) return error(resolved.message);
      const { entry, address } = resolved;
      const files = await listSkillFiles(resources, address, maxFiles);
      return {
        result: formatSkillResult(entry, address, files),
        renderData: {
          skill: entry.name,
          origin: entry.origin,
          address,
          files: files.files.length,
          truncated: files.truncated,
        },
      };
    },
  });
}
