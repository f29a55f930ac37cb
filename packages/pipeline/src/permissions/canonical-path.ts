/** Where a call's relative paths start and where `~` points; all absolute and normalized. */
export interface PathBase {
  readonly workingDirectory: string;
  readonly homeDirectory: string;
  /** The workspace root: relative rule patterns judge only paths inside it (default: the working directory). */
  readonly workspace?: string;
}

/** The spellings of one path fact that permission rules are matched against. */
export interface PathForms {
  /** What deny rules see: the path as written plus every canonical form. */
  readonly deny: readonly string[];
  /** What allow and ask rules see: the canonical forms only (an address as written). */
  readonly judge: readonly string[];
  /** The form a remembered rule names: the relative form inside the working directory, else the absolute one. */
  readonly canonical: string;
}

// The same test the pipeline uses to keep addresses out of snapshots: `scheme://…`.
const ADDRESS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
// The resource schemes that validation keeps out of filesystem-only path arguments, so a value
// with one of them is only ever an address.
const RESOURCE = /^(?:work|artifact|skill|agent|history|memory|mcp|shared|toolcall):\/\//;
// A relative path that needs more than joining: a `.`/`..` segment, `//`, a trailing `/`, or `~`.
const UNUSUAL = /(?:^|\/)\.\.?(?:\/|$)|\/\/|\/$|^~(?:\/|$)/;

/** Whether `value` is an address of a resource scheme, never a filesystem path. */
export function isResourceAddress(value: string): boolean {
  return RESOURCE.test(value);
}

/**
 * Resolves `path` against `base` (absolute and already normalized) lexically, POSIX-style:
 * `.`, `..` and repeated slashes go, `..` at the root stays there, and a backslash is an
 * ordinary character.
 */
export function resolveLexically(base: string, path: string): string {
  const parts: string[] = [];
  // The `..` segments that climb out of `path` into `base`.
  let up = 0;
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') parts.push(part);
    else if (parts.length > 0) parts.pop();
    else up++;
  }
  let start = path.startsWith('/') ? '/' : base;
  for (; up > 0 && start !== '/'; up--) start = start.slice(0, start.lastIndexOf('/')) || '/';
  if (parts.length === 0) return start;
  return start === '/' ? `/${parts.join('/')}` : `${start}/${parts.join('/')}`;
}

/** `absolute` relative to `directory` (`.` for the directory itself), or undefined outside it. */
export function relativeInside(directory: string, absolute: string): string | undefined {
  if (absolute === directory) return '.';
  if (directory === '/') return absolute.slice(1);
  if (absolute.startsWith(directory) && absolute.charCodeAt(directory.length) === 47) {
    return absolute.slice(directory.length + 1);
  }
  return undefined;
}

function canonicalOf(base: PathBase, absolute: string): string[] {
  const relative = relativeInside(base.workingDirectory, absolute);
  return relative === undefined ? [absolute] : [relative, absolute];
}

/**
 * The forms of one path fact. A resource address (`scheme://…`) is matched as written (deny
 * rules also read an unknown scheme's value as a path). A
 * filesystem path is resolved lexically against the working directory (`~` and `~/…` against
 * the home directory, as the file tools read them); symbolic links are not followed.
 */
export function pathFormsOf(base: PathBase, written: string): PathForms {
  if (ADDRESS.test(written)) {
    const only = [written];
    if (RESOURCE.test(written)) return { deny: only, judge: only, canonical: written };
    // Another scheme is an address to a resource preparer but a relative path to a plain path
    // argument (`x://../.env` is `.env`), so deny rules also see it as a path.
    const asPath = pathFormsOf(base, `./${written}`);
    return { deny: [written, ...asPath.judge], judge: only, canonical: written };
  }
  const { workingDirectory } = base;
  if (!written.startsWith('/') && !UNUSUAL.test(written)) {
    // The common spelling: a plain relative path is already its own relative form.
    const absolute = workingDirectory === '/' ? `/${written}` : `${workingDirectory}/${written}`;
    return { deny: [written, absolute], judge: [written, absolute], canonical: written };
  }
  if (written === '~' || written.startsWith('~/')) {
    const judge = canonicalOf(base, resolveLexically(base.homeDirectory, `./${written.slice(2)}`));
    // A tool that does not expand `~` would name a directory called `~`; deny rules see that too.
    const literal = canonicalOf(base, resolveLexically(workingDirectory, written));
    return { deny: [written, ...judge, ...literal], judge, canonical: judge[0]! };
  }
  const judge = canonicalOf(base, resolveLexically(workingDirectory, written));
  return { deny: [written, ...judge], judge, canonical: judge[0]! };
}

/**
 * Normalizes a path rule's glob the way paths are normalized: `.` segments, repeated and
 * trailing slashes go (`./src/**` is `src/**`); an address glob (`scheme://…`) is kept. `..`
 * stays, so such a glob only ever meets a path as written.
 */
export function normalizePathGlob(glob: string): string {
  if ((!glob.includes('/') && glob !== '.') || ADDRESS.test(glob)) return glob;
  const joined = glob
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');
  if (glob.startsWith('/')) return `/${joined}`;
  return joined === '' ? '.' : joined;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function absoluteOption(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !value.startsWith('/')) {
    throw new TypeError(
      `createPipeline: ${name} must be an absolute POSIX path (starting with /), received ${describeValue(value)}`,
    );
  }
  return resolveLexically('/', value);
}

/**
 * The path base for `createPipeline`: `workingDirectory` (default `process.cwd()`) must be an
 * absolute POSIX path; `~` means `home`, else `$HOME` when that is absolute, else the working
 * directory; `workspace`, when given, is absolute too.
 */
export function pathBaseOf(
  workingDirectory: unknown,
  options: { home?: unknown; workspace?: unknown } = {},
): PathBase {
  const host = (
    globalThis as {
      process?: { cwd?: () => string; env?: Record<string, string | undefined> };
    }
  ).process;
  let directory = workingDirectory;
  if (directory === undefined) {
    if (typeof host?.cwd !== 'function') {
      throw new TypeError(
        'createPipeline: workingDirectory is required where process.cwd() is unavailable',
      );
    }
    directory = host.cwd();
  }
  if (typeof directory !== 'string' || !directory.startsWith('/')) {
    throw new TypeError(
      `createPipeline: workingDirectory must be an absolute POSIX path (starting with /), received ${describeValue(directory)}`,
    );
  }
  const normalized = resolveLexically('/', directory);
  const home = absoluteOption('home', options.home);
  const environmentHome = host?.env?.HOME;
  const workspace = absoluteOption('workspace', options.workspace);
  return {
    workingDirectory: normalized,
    homeDirectory:
      home ??
      (typeof environmentHome === 'string' && environmentHome.startsWith('/')
        ? resolveLexically('/', environmentHome)
        : normalized),
    ...(workspace === undefined ? {} : { workspace }),
  };
}
