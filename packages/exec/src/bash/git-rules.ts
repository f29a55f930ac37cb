import {
  abbreviates,
  type CommandVerdict,
  mutating,
  positionals,
  readOnly,
  unknown,
} from './verdict.js';

// Subcommands that only inspect the repository, given none of the writing options below.
const inspecting = new Set([
  'status',
  'log',
  'diff',
  'show',
  'blame',
  'shortlog',
  'rev-parse',
  'ls-files',
  'ls-tree',
  'cat-file',
  'describe',
  'merge-base',
  'rev-list',
  'show-ref',
  'grep',
  'whatchanged',
  'diff-tree',
  'diff-files',
  'diff-index',
  'count-objects',
  'name-rev',
  'for-each-ref',
  'check-ignore',
  'version',
  'cherry',
]);
const changing = new Set([
  'add',
  'commit',
  'push',
  'pull',
  'fetch',
  'checkout',
  'switch',
  'reset',
  'rebase',
  'merge',
  'cherry-pick',
  'revert',
  'rm',
  'mv',
  'clean',
  'restore',
  'init',
  'clone',
  'am',
  'apply',
  'gc',
  'prune',
  'notes',
  'submodule',
  'update-index',
  'update-ref',
  'bisect',
  'filter-branch',
  'format-patch',
  'repack',
]);
const tagWriting =
  /^-[asufdvmFe]|^--(?:delete|force|annotate|sign|local-user|message|file|edit|verify|create-reflog|cleanup)/;
const globalWithValue = new Set(['-C', '--git-dir', '--work-tree', '--namespace']);
const globalFlags = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--bare',
  '--literal-pathspecs',
  '--no-replace-objects',
]);
const branchListing = new Set([
  '--list',
  '-l',
  '-a',
  '--all',
  '-r',
  '--remotes',
  '-v',
  '-vv',
  '--verbose',
  '--show-current',
  '-i',
  '--ignore-case',
  '--no-color',
  '--omit-empty',
]);
const branchWithValue = new Set([
  '--contains',
  '--no-contains',
  '--merged',
  '--no-merged',
  '--points-at',
  '--sort',
  '--format',
]);

// Options that write files, run programs or open pagers from the command line.
function hasWritingOption(subcommand: string, args: readonly string[]): boolean {
  return args.some(
    (arg) =>
      arg.startsWith('--output') ||
      abbreviates(arg, 'output', 2) ||
      abbreviates(arg, 'ext-diff', 3) ||
      abbreviates(arg, 'open-files-in-pager', 3) ||
      (subcommand === 'grep' && /^-[A-Za-z]*O/.test(arg)),
  );
}

function judgeBranch(args: readonly string[]): CommandVerdict {
  const explicitList = args.includes('--list') || args.includes('-l');
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (branchListing.has(arg) || /^--(?:colou?r|column|abbrev|sort=|format=)/.test(arg)) continue;
    if (branchWithValue.has(arg)) {
      index += 1;
      continue;
    }
    if (/^--(?:contains|no-contains|merged|no-merged|points-at)=/.test(arg)) continue;
    if (arg.startsWith('-')) return mutating(`git branch ${arg} changes branches`);
    if (!explicitList) return mutating('git branch NAME creates a branch');
  }
  return readOnly;
}

/** Judges a git invocation from its literal arguments. */
export function judgeGit(args: readonly string[]): CommandVerdict {
  let index = 0;
  while (index < args.length && (args[index] ?? '').startsWith('-')) {
    const arg = args[index] ?? '';
    const name = arg.split('=')[0] ?? arg;
    if (globalWithValue.has(name)) index += arg.includes('=') ? 1 : 2;
    else if (globalFlags.has(arg)) index += 1;
    else return unknown(`git ${arg} can change configuration or run programs`);
  }
  const subcommand = args[index];
  const rest = args.slice(index + 1);
  if (subcommand === undefined) return readOnly;
  if (inspecting.has(subcommand)) {
    return hasWritingOption(subcommand, rest)
      ? mutating(`git ${subcommand} option writes or runs programs`)
      : readOnly;
  }
  switch (subcommand) {
    case 'branch':
      return judgeBranch(rest);
    case 'tag':
      return rest.length === 0 ||
        (rest.some((arg) => arg === '-l' || arg === '--list') &&
          !rest.some((arg) => tagWriting.test(arg)))
        ? readOnly
        : mutating('git tag changes tags');
    case 'remote':
      return rest.length === 0 || (rest.length === 1 && rest[0] === '-v') || rest[0] === 'get-url'
        ? readOnly
        : unknown('git remote subcommand');
    case 'stash':
      return rest[0] === 'list' || rest[0] === 'show'
        ? readOnly
        : mutating('git stash changes the stash');
    case 'worktree':
      return rest[0] === 'list' ? readOnly : mutating('git worktree changes worktrees');
    case 'reflog':
      return rest.length === 0 || rest[0] === 'show'
        ? readOnly
        : mutating('git reflog changes the reflog');
    case 'config':
      return rest.some((arg) => /^--(?:get|get-all|get-regexp|list)$|^-l$/.test(arg)) &&
        positionals(rest, new Set(['--file', '-f', '--blob'])).length <= 2
        ? readOnly
        : unknown('git config may write configuration');
    default:
      return changing.has(subcommand)
        ? mutating(`git ${subcommand} changes the repository`)
        : unknown(`git ${subcommand}`);
  }
}
