import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import type { SkillOrigin } from '../address-types.js';
import type { ResourceScope } from '../family-handler.js';
import type { ResourceProviders } from '../providers.js';
import { PrepareCache } from './prepare-check.js';
import { defaultSkillSources, userConfigDirectory } from './skill-sources.js';

/** One configured persistent-memory root. */
export interface MemoryRootOption {
  readonly label: string;
  readonly directory: string;
  readonly scope?: ResourceScope;
}

/** One directory of skills (each subdirectory is a skill) and the origin its aliases use. */
export interface SkillSourceOption {
  readonly origin: SkillOrigin;
  /** Plugin name, required for origin `plugin`. */
  readonly plugin?: string;
  readonly directory: string;
}

/** Options for the filesystem-backed families. */
export interface NodeResourcesOptions {
  /** The workspace root. */
  readonly workspace: string;
  /** The default session when a call's context names none. */
  readonly sessionId?: string;
  /** Session store (default `WORKSPACE/.toolcall/sessions`). */
  readonly sessionsDirectory?: string;
  /** Workspace scratch behind `work://shared` (default `WORKSPACE/.toolcall/work`). */
  readonly workspaceWorkDirectory?: string;
  /** Packaged Markdown docs behind `toolcall://`; the family is unavailable without it. */
  readonly docsDirectory?: string;
  /** User configuration directory (default `$XDG_CONFIG_HOME/toolcall` or `~/.config/toolcall`). */
  readonly configDirectory?: string;
  /** Home directory for `~/.agents/skills` (default `os.homedir()`). */
  readonly homeDirectory?: string;
  /** Memory roots (default `WORKSPACE/.toolcall/memory` and `CONFIG/memory`). */
  readonly memoryRoots?: readonly MemoryRootOption[];
  /** Memory journal behind `memory://journal/` (default `WORKSPACE/.toolcall/journal`). */
  readonly journalDirectory?: string;
  /** Skill directories (default local/global toolcall and agents directories). */
  readonly skillSources?: readonly SkillSourceOption[];
  /** Host-owned families: agent, live history, mcp, shared. */
  readonly providers?: ResourceProviders;
}

/** A memory root with its address key. */
export interface MemoryRoot {
  readonly label: string;
  readonly directory: string;
  readonly key: string;
  readonly scope: ResourceScope;
}

/** Options after defaults, with every path absolute. */
export interface NormalizedNodeOptions {
  readonly workspace: string;
  readonly sessionId: string | undefined;
  readonly sessionsDirectory: string;
  readonly workspaceWorkDirectory: string;
  readonly docsDirectory: string | undefined;
  readonly memoryRoots: readonly MemoryRoot[];
  readonly journalDirectory: string;
  readonly skillSources: readonly SkillSourceOption[];
  readonly providers: ResourceProviders;
  readonly prepareCache: PrepareCache;
}

/** The lowercase SHA-256 hex digest of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function absolute(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(
      `Expected options.${name} to be a non-empty path string, received ${JSON.stringify(value)}`,
    );
  }
  return path.resolve(value);
}

/** Normalises NodeResourcesOptions once: copies, applies defaults, validates. */
export function normalizeNodeOptions(input: NodeResourcesOptions): NormalizedNodeOptions {
  const options: NodeResourcesOptions = Object.assign(Object.create(null), input);
  const workspace = absolute('workspace', options.workspace);
  const dot = path.join(workspace, '.toolcall');
  const home = absolute('homeDirectory', options.homeDirectory ?? homedir());
  const config = absolute('configDirectory', options.configDirectory ?? userConfigDirectory(home));
  const memoryRoots = (
    options.memoryRoots ?? [
      { label: 'local', directory: path.join(dot, 'memory'), scope: 'workspace' as const },
      { label: 'global', directory: path.join(config, 'memory'), scope: 'user' as const },
    ]
  ).map((root, index) => {
    const directory = absolute(`memoryRoots[${index}].directory`, root.directory);
    return {
      label: root.label,
      directory,
      key: sha256(directory),
      scope: root.scope ?? 'workspace',
    };
  });
  const skillSources = (
    options.skillSources ??
    defaultSkillSources({ workspace, configDirectory: config, homeDirectory: home })
  ).map((source, index) => {
    if (source.origin === 'plugin' && (source.plugin === undefined || source.plugin === '')) {
      throw new TypeError(
        `Expected options.skillSources[${index}].plugin for origin plugin, received ${JSON.stringify(source.plugin)}`,
      );
    }
    return { ...source, directory: absolute(`skillSources[${index}].directory`, source.directory) };
  });
  return {
    workspace,
    sessionId: options.sessionId,
    sessionsDirectory: absolute(
      'sessionsDirectory',
      options.sessionsDirectory ?? path.join(dot, 'sessions'),
    ),
    workspaceWorkDirectory: absolute(
      'workspaceWorkDirectory',
      options.workspaceWorkDirectory ?? path.join(dot, 'work'),
    ),
    docsDirectory:
      options.docsDirectory === undefined
        ? undefined
        : absolute('docsDirectory', options.docsDirectory),
    memoryRoots,
    journalDirectory: absolute(
      'journalDirectory',
      options.journalDirectory ?? path.join(dot, 'journal'),
    ),
    skillSources,
    providers: options.providers ?? {},
    prepareCache: new PrepareCache(),
  };
}
