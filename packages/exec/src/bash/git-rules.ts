import { gitAllowLists } from './git-options.js';
import { type AllowList, judgeByAllowList } from './option-allow-list.js';
import { type CommandVerdict, mutating, positionals, readOnly, unknown } from './verdict.js';

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
// Global options that change nothing but output and pathspec reading. `-C`, `--git-dir` and
// `--work-tree` are refused: the launch hardens only the repository it starts in.
const globalFlags = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-advice',
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

function judgeBranch(args: readonly string[]): CommandVerdict {
  const explicitList = args.includes('--list') || args.includes('-l');
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (/^--format(?:=|$)/.test(arg) && /%\(signature/.test(arg + (args[index + 1] ?? '')))
      return unknown('git branch --format %(signature) runs gpg');
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
    if (globalFlags.has(arg)) index += 1;
    else return unknown(`git ${arg} can change configuration, the repository or run programs`);
  }
  const subcommand = args[index];
  const rest = args.slice(index + 1);
  if (subcommand === undefined) return readOnly;
  const allowList = gitAllowLists[subcommand];
  if (allowList) return judgeByAllowList(allowList, rest);
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
      if (rest[0] === 'list')
        return judgeByAllowList(gitAllowLists.log as AllowList, rest.slice(1));
      if (rest[0] === 'show')
        return judgeByAllowList(gitAllowLists.diff as AllowList, rest.slice(1));
      return mutating('git stash changes the stash');
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
