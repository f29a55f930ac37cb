import path from 'node:path';
import { type SkillOrigin, skillOrigins } from '@toolcall/resources';
import { defaultSkillSources, type SkillSourceOption } from '@toolcall/resources/node';

/** Where a tool set finds skills, beside the workspace's `.toolcall/skills` and `.agents/skills`. */
export interface SkillsOptions {
  /** The user's toolcall config directory: its `skills/` folder is searched (default `$XDG_CONFIG_HOME/toolcall` or `~/.config/toolcall`). */
  readonly userDirectory?: string;
  /** The home directory: its `.agents/skills/` folder is searched (default `os.homedir()`). */
  readonly homeDirectory?: string;
  /**
   * More skill directories, searched after the workspace and user ones in this order: a path
   * (absolute, or relative to the workspace) is a `managed` source; an object names its origin.
   */
  readonly roots?: readonly (string | SkillSourceOption)[];
  /** Largest SKILL.md read, in bytes (default 131072); a larger one is reported as invalid. */
  readonly maxSkillBytes?: number;
}

/** The skill options after defaults: the sources in precedence order and the size limit. */
export interface NormalizedSkillsOptions {
  readonly sources: readonly SkillSourceOption[];
  readonly maxSkillBytes: number;
}

const where = 'createToolSet: skills';

function directoryOf(key: string, value: unknown, workspace: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${where}.${key} must be a non-empty path, received ${String(value)}`);
  }
  return path.resolve(workspace, value);
}

function rootOf(root: unknown, index: number, workspace: string): SkillSourceOption {
  if (typeof root === 'string') {
    return { origin: 'managed', directory: directoryOf(`roots[${index}]`, root, workspace) };
  }
  const source = root as Partial<SkillSourceOption> | null;
  if (!(skillOrigins as readonly unknown[]).includes(source?.origin)) {
    throw new TypeError(
      `${where}.roots[${index}] must be a path or { origin, directory, plugin? } with origin one of ${skillOrigins.join(', ')}, received ${JSON.stringify(root)}`,
    );
  }
  const origin = source?.origin as SkillOrigin;
  const plugin = source?.plugin;
  if (origin === 'plugin' ? typeof plugin !== 'string' || plugin === '' : plugin !== undefined) {
    throw new TypeError(
      `${where}.roots[${index}].plugin must be a plugin name exactly when origin is plugin, received ${JSON.stringify(plugin)}`,
    );
  }
  return {
    origin,
    ...(plugin === undefined ? {} : { plugin }),
    directory: directoryOf(`roots[${index}].directory`, source?.directory, workspace),
  };
}

/** Normalises the tool set's `skills` option once; `false` leaves skills out (undefined). */
export function normalizeSkillsOptions(
  workspace: string,
  value: SkillsOptions | false | undefined,
): NormalizedSkillsOptions | undefined {
  if (value === false) return undefined;
  if (value !== undefined && (typeof value !== 'object' || value === null)) {
    throw new TypeError(
      `${where} must be false or { userDirectory?, homeDirectory?, roots?, maxSkillBytes? }, received ${String(value)}`,
    );
  }
  const options: SkillsOptions = Object.assign(Object.create(null), value);
  const defaults = defaultSkillSources({
    workspace,
    ...(options.userDirectory === undefined
      ? {}
      : { configDirectory: directoryOf('userDirectory', options.userDirectory, workspace) }),
    ...(options.homeDirectory === undefined
      ? {}
      : { homeDirectory: directoryOf('homeDirectory', options.homeDirectory, workspace) }),
  });
  if (options.roots !== undefined && !Array.isArray(options.roots)) {
    throw new TypeError(`${where}.roots must be an array, received ${String(options.roots)}`);
  }
  const roots = (options.roots ?? []).map((root, index) => rootOf(root, index, workspace));
  const maxSkillBytes = options.maxSkillBytes ?? 131_072;
  if (!Number.isInteger(maxSkillBytes) || maxSkillBytes < 1) {
    throw new TypeError(
      `${where}.maxSkillBytes must be a positive integer, received ${String(maxSkillBytes)}`,
    );
  }
  return { sources: [...defaults, ...roots], maxSkillBytes };
}
