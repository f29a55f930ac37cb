/** Which inherited variables reach a child before include and exclude patterns apply. */
export type EnvironmentInherit = 'all' | 'core' | 'none';

/** How a child's environment is derived from the host's. */
export interface EnvironmentPolicy {
  /** The inherited base: everything, a small core set, or nothing. */
  inherit?: EnvironmentInherit;
  /** Glob patterns (`*` wildcard, case-insensitive) of names kept even if excluded. */
  include?: readonly string[];
  /** Glob patterns of names dropped from the inherited base. */
  exclude?: readonly string[];
  /** Whether secret-looking names are dropped; defaults to true for confined children. */
  dropSecrets?: boolean;
}

/** The variable names kept by the `core` inheritance set. */
export const CORE_ENVIRONMENT_NAMES: readonly string[] = [
  'HOME',
  'PATH',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'TZ',
  'LANG',
  'LC_ALL',
];

/**
 * Name patterns (`*` wildcard, case-insensitive) treated as secrets and dropped from confined
 * children by default. `PAT` counts only as a whole word part (`GITHUB_PAT`, not `PATH`).
 */
export const SECRET_NAME_PATTERNS: readonly string[] = [
  '*KEY*',
  '*SECRET*',
  '*TOKEN*',
  '*PASS*',
  '*PWD*',
  'PAT',
  'PAT_*',
  '*_PAT',
  '*_PAT_*',
  '*AUTH*',
  '*CREDENTIAL*',
  '*PRIVATE*',
  '*COOKIE*',
  '*SESSION*',
  '*DSN*',
];

/** Names kept although a secret pattern matches them: they name no secret. */
export const SECRET_NAME_EXCEPTIONS: readonly string[] = [
  'PWD',
  'OLDPWD',
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
];

/**
 * Names never inherited, whatever the policy: Bash runs `BASH_ENV` (and `sh` runs `ENV`) before
 * every non-interactive command, exported functions (`BASH_FUNC_*`) replace commands, and
 * `SHELLOPTS`/`BASHOPTS` change how every script behaves.
 */
export const NEVER_INHERITED_NAMES: readonly string[] = [
  'BASH_ENV',
  'ENV',
  'BASH_FUNC_*',
  'SHELLOPTS',
  'BASHOPTS',
];

// A URL carrying credentials before its host: `postgres://user:password@db/…`, `https://token@…`.
const URL_WITH_USERINFO = /[a-z][a-z0-9+.-]*:\/\/[^\s/?#@]+@/i;

/** Whether a variable looks like a secret by its name or by a URL with credentials in its value. */
export function isSecretVariable(name: string, value: string): boolean {
  if (URL_WITH_USERINFO.test(value)) return true;
  const upper = name.toUpperCase();
  if (SECRET_NAME_EXCEPTIONS.includes(upper)) return false;
  return matchesAny(name, SECRET_PATTERNS);
}

/** The deterministic defaults every child receives, overridable inside its own command. */
export function defaultChildVariables(tty: boolean): Record<string, string> {
  return {
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    LC_CTYPE: 'C.UTF-8',
    NO_COLOR: '1',
    CLICOLOR: '0',
    FORCE_COLOR: '0',
    TERM: tty ? 'xterm-256color' : 'dumb',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    MANPAGER: 'cat',
    SYSTEMD_PAGER: '',
    LESS: '-R',
    TOOLCALL_EXECUTION: '1',
  };
}

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'i');
}

function matchesAny(name: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pattern.test(name));
}

const SECRET_PATTERNS = SECRET_NAME_PATTERNS.map(toRegExp);
const NEVER_INHERITED = NEVER_INHERITED_NAMES.map(toRegExp);

/** Builds a child's environment from the host environment, the policy and the defaults. */
export function buildChildEnvironment({
  host,
  policy = {},
  confined,
  tty,
}: {
  host: Readonly<Record<string, string | undefined>>;
  policy?: EnvironmentPolicy;
  confined: boolean;
  tty: boolean;
}): Record<string, string> {
  const inherit = policy.inherit ?? 'all';
  const include = (policy.include ?? []).map(toRegExp);
  const exclude = (policy.exclude ?? []).map(toRegExp);
  const dropSecrets = policy.dropSecrets ?? confined;
  const result: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(host)) {
    if (value === undefined || matchesAny(name, NEVER_INHERITED)) continue;
    const included = matchesAny(name, include);
    const inBase =
      inherit === 'all' || (inherit === 'core' && CORE_ENVIRONMENT_NAMES.includes(name));
    const secret = dropSecrets && isSecretVariable(name, value);
    if (!included && (!inBase || matchesAny(name, exclude) || secret)) continue;
    result[name] = value;
  }
  return { ...result, ...defaultChildVariables(tty) };
}
