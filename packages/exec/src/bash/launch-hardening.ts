import { spawnSync } from 'node:child_process';

/** Environment changes that keep a proved read-only command's git and rg from running other programs. */
export interface LaunchHardening {
  /** Variables to set, in order. */
  readonly set: readonly (readonly [string, string])[];
  /** Variables to remove. */
  readonly unset: readonly string[];
}

// Settings every git the command runs receives at command-line precedence: no fsmonitor
// daemon, no pager, no hooks, no network, no signature checks, no submodule descent.
const fixedGitConfig: readonly (readonly [string, string])[] = [
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
  ['core.hooksPath', '/dev/null'],
  ['core.sshCommand', 'false'],
  ['core.askPass', 'false'],
  ['credential.helper', ''],
  ['protocol.allow', 'never'],
  ['log.showSignature', 'false'],
  ['gpg.program', 'false'],
  ['diff.ignoreSubmodules', 'dirty'],
  ['diff.submodule', 'short'],
  ['submodule.recurse', 'false'],
  ['status.submoduleSummary', 'false'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
];

// Variables of the host that would make git or rg run a program or read a config file.
const unsafeVariables = [
  'GIT_CONFIG_PARAMETERS',
  'GIT_EXTERNAL_DIFF',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_EXEC_PATH',
  'RIPGREP_CONFIG_PATH',
];

/**
 * The overrides for program-running keys a repository's own configuration defines. Driver
 * names are arbitrary, so they are read from the repository: textconv and filters become
 * `cat`, a filter process and external diff commands become empty (git then fails rather
 * than run them), and per-command pagers are turned off.
 */
export function repositoryOverrides(config: string): [string, string][] {
  const overrides: [string, string][] = [];
  for (const entry of config.split('\0')) {
    const [scope, key = ''] = entry.split('\n')[0]?.split('\t') ?? [];
    if (scope !== 'local' && scope !== 'worktree') continue;
    const lower = key.toLowerCase();
    if (/^filter\..+\.(?:clean|smudge)$/.test(lower)) overrides.push([key, 'cat']);
    else if (/^filter\..+\.process$/.test(lower)) {
      overrides.push([key, '']);
      overrides.push([key.replace(/process$/i, 'required'), 'false']);
    } else if (/^diff\..+\.textconv$/.test(lower)) overrides.push([key, 'cat']);
    else if (/^diff\..+\.command$/.test(lower) || lower === 'diff.external')
      overrides.push([key, '']);
    else if (/^pager\./.test(lower)) overrides.push([key, 'false']);
  }
  return overrides;
}

// `git config --list --show-scope -z` writes `scope NUL key LF value NUL`; the tab form
// is what repositoryOverrides reads.
function readRepositoryConfig(cwd: string): string {
  const run = spawnSync('git', ['config', '--list', '--show-scope', '-z'], {
    cwd,
    encoding: 'utf8',
    timeout: 5000,
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_PARAMETERS: '',
      GIT_CONFIG_COUNT: '0',
    },
  });
  if (run.status !== 0 || typeof run.stdout !== 'string') return '';
  const parts = run.stdout.split('\0');
  const entries: string[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2)
    entries.push(`${parts[index]}\t${parts[index + 1]}`);
  return entries.join('\0');
}

/** Builds the hardening for a proved read-only command launched in `cwd`. */
export function createLaunchHardening(options: { cwd: string; runsGit: boolean }): LaunchHardening {
  const config = [
    ...fixedGitConfig,
    ...(options.runsGit ? repositoryOverrides(readRepositoryConfig(options.cwd)) : []),
  ];
  const set: [string, string][] = [
    ['GIT_CONFIG_NOSYSTEM', '1'],
    ['GIT_OPTIONAL_LOCKS', '0'],
    ['GIT_TERMINAL_PROMPT', '0'],
    ['GIT_PAGER', 'cat'],
    ['PAGER', 'cat'],
    ['GIT_CONFIG_COUNT', String(config.length)],
  ];
  config.forEach(([key, value], index) => {
    set.push([`GIT_CONFIG_KEY_${index}`, key], [`GIT_CONFIG_VALUE_${index}`, value]);
  });
  return { set, unset: unsafeVariables };
}
