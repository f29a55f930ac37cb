import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { gitConfigTargets, gitDirectories } from './git-config.js';
import { isWithin } from './protected-paths.js';

/**
 * Workspace paths that configure tools the host runs later (git, direnv, editors, agents):
 * read-only under confinement whether or not they exist, and never written without asking.
 * The object store, refs, index and HEAD stay writable so ordinary commits still work.
 */
export const PROTECTED_WORKSPACE_PATHS: readonly string[] = [
  '.toolcall',
  '.git/config',
  '.git/hooks',
  '.git/info',
  '.git/modules',
  '.gitmodules',
  '.envrc',
  '.mcp.json',
  '.vscode',
  '.idea',
  '.claude',
  '.codex',
  // Agent Skills: a skill written here is offered to the next session's model as instructions.
  '.agents',
];

// Inside every git directory (`.git`, or where a `.git` file points).
const GIT_DIRECTORY_ENTRIES = ['config', 'hooks', 'info', 'modules'];

/** Options of {@link protectedWorkspacePaths}. */
export interface WorkspaceProtectionOptions {
  workspaceRoot: string;
  /** More paths to protect: relative ones are taken from the workspace root. */
  extra?: readonly string[];
  /** For `~/` in a git config; defaults to the host's home. */
  home?: string;
}

/**
 * Every absolute path protected in one workspace: the fixed list, each git directory's config,
 * hooks, info and modules (a linked worktree's too), the files its config includes, any
 * `core.hooksPath` target, and the caller's extra paths.
 */
export function protectedWorkspacePaths({
  workspaceRoot,
  extra = [],
  home = process.env.HOME ?? homedir(),
}: WorkspaceProtectionOptions): string[] {
  const root = resolve(workspaceRoot);
  const paths = PROTECTED_WORKSPACE_PATHS.filter((entry) => !entry.startsWith('.git/')).map(
    (entry) => join(root, entry),
  );
  // Without a git directory there is no repository to protect; a child may `git init` one.
  for (const gitDir of gitDirectories(root).filter((directory) => existsSync(directory))) {
    paths.push(...GIT_DIRECTORY_ENTRIES.map((entry) => join(gitDir, entry)));
    // Read only when the repository enables it, and that switch sits in the protected config.
    if (existsSync(join(gitDir, 'config.worktree'))) paths.push(join(gitDir, 'config.worktree'));
    const targets = gitConfigTargets({
      configPath: join(gitDir, 'config'),
      worktreeRoot: root,
      home,
    });
    paths.push(...targets.includes, ...targets.hooksPaths);
  }
  for (const entry of extra) paths.push(isAbsolute(entry) ? resolve(entry) : join(root, entry));
  return [...new Set(paths)];
}

/** Resolves symlinks in the longest existing prefix of `path`, keeping the missing rest as is. */
export function resolveExisting(path: string): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return join(realpathSync(current), ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return absolute;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/**
 * Whether `absolutePath` is one of the workspace's protected paths or lies below one, after
 * resolving symlinks on both sides (a link to `.git` does not hide `.git/config`).
 */
export function isProtectedPath(
  workspaceRoot: string,
  absolutePath: string,
  extra?: readonly string[],
): boolean {
  const target = resolve(absolutePath);
  const resolvedTarget = resolveExisting(target);
  // The whole fixed list counts even without a repository: writing `.git/config` makes one.
  const protectedPaths = [
    ...PROTECTED_WORKSPACE_PATHS.map((entry) => join(resolve(workspaceRoot), entry)),
    ...protectedWorkspacePaths({ workspaceRoot, ...(extra ? { extra } : {}) }),
  ];
  return protectedPaths.some((path) => {
    const resolvedPath = resolveExisting(path);
    return isWithin(target, path) || isWithin(resolvedTarget, resolvedPath);
  });
}
