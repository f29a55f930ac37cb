import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** One `section[.subsection].key = value` entry of a git config file. */
export interface GitConfigEntry {
  /** Lower-case section name, without its subsection. */
  section: string;
  subsection: string | undefined;
  /** Lower-case key name. */
  key: string;
  value: string;
}

// Config files are small; a file past this bound is read no further (its head is still checked).
const CONFIG_LIMIT_BYTES = 1024 * 1024;
// Includes may nest; git itself stops at 10.
const INCLUDE_DEPTH = 10;

function unquote(raw: string): string {
  let value = '';
  let quoted = false;
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index]!;
    if (char === '"') quoted = !quoted;
    else if (char === '\\' && index + 1 < raw.length) {
      const next = raw[++index]!;
      value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else if (!quoted && (char === '#' || char === ';')) break;
    else value += char;
  }
  return value.trim();
}

/** Parses git's config syntax far enough to read keys and values; never runs git. */
export function parseGitConfig(text: string): GitConfigEntry[] {
  const entries: GitConfigEntry[] = [];
  let section = '';
  let subsection: string | undefined;
  for (const rawLine of text.split('\n')) {
    let line = rawLine.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (header) {
      const [name, ...rest] = header[1]!.split('.');
      section = name!.toLowerCase();
      subsection = header[2]?.replace(/\\(.)/g, '$1') ?? (rest.length ? rest.join('.') : undefined);
      line = line.slice(header[0].length).trim();
    }
    const pair = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (!pair || section === '') continue;
    entries.push({
      section,
      subsection,
      key: pair[1]!.toLowerCase(),
      value: unquote(pair[2] ?? ''),
    });
  }
  return entries;
}

function readConfig(path: string): GitConfigEntry[] {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return [];
    return parseGitConfig(readFileSync(path, 'utf8').slice(0, CONFIG_LIMIT_BYTES));
  } catch {
    return [];
  }
}

function expandPath(value: string, base: string, home: string | undefined): string {
  if (value.startsWith('~/') && home) return join(home, value.slice(2));
  return isAbsolute(value) ? value : resolve(base, value);
}

/**
 * The files a repository's config pulls in (`include.path`, `includeIf.*.path`, whatever the
 * condition) and the hooks directory it names (`core.hooksPath`), read without running git.
 * Every one of them can make the host's next git command run code, so all are protected.
 */
export function gitConfigTargets({
  configPath,
  worktreeRoot,
  home,
}: {
  configPath: string;
  worktreeRoot: string;
  home: string | undefined;
}): { includes: string[]; hooksPaths: string[] } {
  const includes: string[] = [];
  const hooksPaths: string[] = [];
  const seen = new Set<string>([configPath]);
  const queue: Array<{ path: string; depth: number }> = [{ path: configPath, depth: 0 }];
  while (queue.length > 0) {
    const { path, depth } = queue.shift()!;
    for (const entry of readConfig(path)) {
      if (entry.value === '') continue;
      if (entry.section === 'core' && entry.key === 'hookspath') {
        hooksPaths.push(expandPath(entry.value, worktreeRoot, home));
      } else if (
        (entry.section === 'include' || entry.section === 'includeif') &&
        entry.key === 'path'
      ) {
        const target = expandPath(entry.value, dirname(path), home);
        if (seen.has(target)) continue;
        seen.add(target);
        includes.push(target);
        if (depth + 1 < INCLUDE_DEPTH) queue.push({ path: target, depth: depth + 1 });
      }
    }
  }
  return { includes, hooksPaths };
}

/**
 * The git directories of a worktree: `.git` itself, or where a `.git` file points (a linked
 * worktree or a submodule) together with its common directory.
 */
export function gitDirectories(worktreeRoot: string): string[] {
  const dotGit = join(worktreeRoot, '.git');
  let text: string;
  try {
    if (!statSync(dotGit).isFile()) return [dotGit];
    text = readFileSync(dotGit, 'utf8').slice(0, 4096);
  } catch {
    return [dotGit];
  }
  const pointer = /^gitdir:\s*(.+)$/m.exec(text)?.[1]?.trim();
  if (!pointer) return [];
  const gitDir = resolve(worktreeRoot, pointer);
  const directories = [gitDir];
  try {
    const common = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    if (common) directories.push(resolve(gitDir, common));
  } catch {
    // Not a linked worktree: the git directory is its own common directory.
  }
  return directories;
}
