import type { BashWord } from './analysis-types.js';
import { commandAllowLists } from './command-options.js';
import { judgeGit } from './git-rules.js';
import { judgeByAllowList } from './option-allow-list.js';
import { judgeEnv, judgeFind, judgeXxd } from './option-rules.js';
import { judgeSed } from './sed-script.js';
import { type CommandVerdict, mutating, readOnly, unknown } from './verdict.js';

// Commands that never write files or run other programs, whatever their
// arguments, so dynamic arguments are acceptable.
const alwaysReadOnly = new Set([
  'cat',
  'head',
  'tail',
  'wc',
  'ls',
  'pwd',
  'echo',
  'true',
  'false',
  ':',
  'basename',
  'dirname',
  'nl',
  'cut',
  'tr',
  'comm',
  'cmp',
  'diff',
  'rev',
  'tac',
  'column',
  'expand',
  'unexpand',
  'fold',
  'fmt',
  'paste',
  'join',
  'strings',
  'od',
  'hexdump',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'whoami',
  'id',
  'uname',
  'nproc',
  'printenv',
  'locale',
  'seq',
  'yes',
  'sleep',
  'arch',
  'groups',
  'realpath',
  'readlink',
  'stat',
  'du',
  'df',
  'which',
  'type',
  'cd',
  'grep',
  'egrep',
  'fgrep',
  'jq',
  'ps',
  'whereis',
  'tty',
  'uptime',
  'free',
  'cal',
]);

const knownWriters = new Set([
  'rm',
  'rmdir',
  'mv',
  'cp',
  'mkdir',
  'touch',
  'chmod',
  'chown',
  'chgrp',
  'ln',
  'dd',
  'truncate',
  'shred',
  'install',
  'rsync',
  'mkfifo',
  'mknod',
  'unlink',
  'patch',
  'kill',
  'pkill',
  'killall',
  'shutdown',
  'reboot',
]);

// Judges commands whose meaning depends on their flags; arguments are literal here.
function judgeFlagged(name: string, args: readonly string[]): CommandVerdict | undefined {
  const allowList = commandAllowLists[name];
  if (allowList) return judgeByAllowList(allowList, args);
  switch (name) {
    case 'find':
      return judgeFind(args);
    case 'sed':
      return judgeSed(args);
    case 'git':
      return judgeGit(args);
    case 'env':
      return judgeEnv(args);
    case 'xxd':
      return judgeXxd(args);
    case 'hostname':
      return args.every((arg) =>
        /^-[afisAdI]+$|^--(?:fqdn|short|ip-address|all-ip-addresses|domain)$/.test(arg),
      )
        ? readOnly
        : mutating('hostname NAME sets the host name');
    case 'test':
      return args.some((arg) => arg === '-v' || arg === '-R')
        ? unknown('test -v evaluates variable subscripts')
        : readOnly;
    case 'command':
      return args[0] === '-v' || args[0] === '-V'
        ? readOnly
        : unknown('command runs another command');
    default:
      return undefined;
  }
}

/** Judges one simple command by its literal executable name and arguments. */
export function judgeCommand(name: string, args: readonly BashWord[]): CommandVerdict {
  if (alwaysReadOnly.has(name)) return readOnly;
  if (knownWriters.has(name)) return mutating(`${name} changes files or processes`);
  if (name === 'printf') {
    const first = args[0]?.value;
    if (first === undefined) return readOnly;
    if (first === null) return unknown('printf format is dynamic');
    if (first === '-v') return unknown('printf -v assigns a variable');
    return first === '--' && args[1]?.value === null
      ? unknown('printf format is dynamic')
      : readOnly;
  }
  if (name === 'xargs') {
    const inner = args.find((arg) => arg.value !== null && !arg.value.startsWith('-'))?.value;
    return typeof inner === 'string' && knownWriters.has(inner)
      ? mutating(`xargs ${inner} changes files`)
      : unknown('xargs runs commands');
  }
  const literal = args.flatMap((arg) => (arg.value === null ? [] : [arg.value]));
  const verdict = judgeFlagged(name, literal);
  if (verdict === undefined) return unknown(`${name} is not known to be read-only`);
  // A dynamic word could expand to any flag, so only a known write survives it.
  if (literal.length < args.length && verdict.kind !== 'mutating')
    return unknown(`${name} with dynamic arguments`);
  return verdict;
}
