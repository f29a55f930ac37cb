import type { BashWord } from './analysis-types.js';
import { judgeGit } from './git-rules.js';
import { judgeSedScript } from './sed-script.js';
import { type CommandVerdict, mutating, positionals, readOnly, unknown } from './verdict.js';

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

const findUnsafe: Record<string, CommandVerdict> = {
  '-exec': unknown('find -exec runs commands'),
  '-execdir': unknown('find -execdir runs commands'),
  '-ok': unknown('find -ok runs commands'),
  '-okdir': unknown('find -okdir runs commands'),
  '-delete': mutating('find -delete removes files'),
  '-fls': mutating('find -fls writes a file'),
  '-fprint': mutating('find -fprint writes a file'),
  '-fprint0': mutating('find -fprint0 writes a file'),
  '-fprintf': mutating('find -fprintf writes a file'),
};

function judgeSed(args: readonly string[]): CommandVerdict {
  const scripts: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      rest.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--')) {
      if (arg.startsWith('--in-place')) return mutating('sed --in-place edits files');
      if (arg.startsWith('--expression=')) scripts.push(arg.slice('--expression='.length));
      else if (arg === '--expression') scripts.push(args[++index] ?? '');
      else if (
        !/^--(?:quiet|silent|regexp-extended|separate|unbuffered|null-data|posix|debug|sandbox|line-length=\d+)$/.test(
          arg,
        )
      ) {
        return unknown(`sed ${arg}`);
      }
    } else if (arg.startsWith('-') && arg !== '-') {
      for (let position = 1; position < arg.length; position += 1) {
        const flag = arg[position] ?? '';
        if (flag === 'i') return mutating('sed -i edits files in place');
        if (flag === 'e' || flag === 'l') {
          const value = position + 1 < arg.length ? arg.slice(position + 1) : (args[++index] ?? '');
          if (flag === 'e') scripts.push(value);
          break;
        }
        if (!'nErsuz'.includes(flag)) return unknown(`sed -${flag}`);
      }
    } else {
      rest.push(arg);
    }
  }
  if (scripts.length === 0) {
    const script = rest.shift();
    if (script === undefined) return unknown('sed without a script');
    scripts.push(script);
  }
  for (const script of scripts) {
    const effect = judgeSedScript(script);
    if (effect === 'writes') return mutating('sed script writes a file');
    if (effect !== 'read-only')
      return unknown(`sed script ${effect === 'executes' ? 'runs commands' : 'not understood'}`);
  }
  return readOnly;
}

function judgeSort(args: readonly string[]): CommandVerdict {
  for (const arg of args) {
    if (arg === '--') break;
    if (arg.startsWith('--output') || (/^-[A-Za-z]*o/.test(arg) && !arg.startsWith('--')))
      return mutating('sort -o writes a file');
    if (arg.startsWith('--compress-program'))
      return unknown('sort --compress-program runs a program');
  }
  return readOnly;
}

function judgeRipgrep(args: readonly string[]): CommandVerdict {
  const withValue = /^-[A-Za-z]*[efgtTmABCMjrE]$/;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') break;
    if (/^--(?:pre|pre-glob|hostname-bin|search-zip)(?:=|$)/.test(arg))
      return unknown(`rg ${arg} runs programs`);
    if (/^-[A-Za-y]*z/.test(arg)) return unknown('rg -z runs decompression programs');
    if (withValue.test(arg)) index += 1;
  }
  return readOnly;
}

function judgeEnv(args: readonly string[]): CommandVerdict {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '-u' || arg === '--unset') index += 1;
    else if (
      !/^(?:-0|--null|-i|--ignore-environment|-|--unset=.*|[A-Za-z_][A-Za-z0-9_]*=.*)$/.test(arg)
    ) {
      return unknown('env runs a command');
    }
  }
  return readOnly;
}

// Judges commands whose meaning depends on their flags; arguments are literal here.
function judgeFlagged(name: string, args: readonly string[]): CommandVerdict | undefined {
  switch (name) {
    case 'find': {
      for (const arg of args) if (findUnsafe[arg]) return findUnsafe[arg];
      return readOnly;
    }
    case 'sed':
      return judgeSed(args);
    case 'sort':
      return judgeSort(args);
    case 'rg':
      return judgeRipgrep(args);
    case 'git':
      return judgeGit(args);
    case 'env':
      return judgeEnv(args);
    case 'file':
      return args.some((arg) => arg === '-C' || arg === '--compile')
        ? mutating('file -C writes a magic file')
        : readOnly;
    case 'tree':
      // -R reruns tree in every directory with `-o 00Tree.html`.
      return args.some((arg) => arg === '-o' || arg === '-R' || arg.startsWith('--output'))
        ? mutating('tree -o writes a file')
        : readOnly;
    case 'uniq':
      return positionals(args, new Set(['-f', '-s', '-w'])).length > 1
        ? mutating('uniq OUTPUT writes a file')
        : readOnly;
    case 'xxd':
      return positionals(args, new Set(['-c', '-g', '-l', '-s', '-o', '-n'])).length > 1
        ? mutating('xxd OUTPUT writes a file')
        : readOnly;
    case 'tee':
      return positionals(args, new Set()).every((arg) => arg === '/dev/null')
        ? readOnly
        : mutating('tee writes files');
    case 'date':
      return args.some((arg) => arg === '-s' || arg.startsWith('--set')) ||
        positionals(args, new Set(['-d', '--date', '-f', '--file', '-r', '--reference'])).some(
          (arg) => !arg.startsWith('+'),
        )
        ? mutating('date sets the clock')
        : readOnly;
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
