import type { BashWord } from './analysis-types.js';
import {
  commandName,
  isEnvironmentAssignment,
  type OptionSpec,
  skipOptions,
} from './wrapper-options.js';

/** What running one command's words amounts to, after one wrapper is looked through. */
export type Unwrapped =
  /** The words are the command itself. */
  | { readonly kind: 'final' }
  /** A wrapper ran `words` (from `next`); `assignments` are environment settings it made. */
  | {
      readonly kind: 'wrapper';
      readonly wrapper: string;
      readonly next: number;
      readonly assignments: readonly BashWord[];
      /** False when the wrapper changes privilege, root or writes files itself. */
      readonly keepsProof: boolean;
      readonly appends?: boolean;
    }
  /** The wrapper runs `code` as shell source. */
  | {
      readonly kind: 'code';
      readonly wrapper: string;
      readonly code: string;
      readonly keepsProof: boolean;
      /** Whether the wrapper itself is a command worth its own segment (`trap`). */
      readonly alsoSelf: boolean;
    }
  | { readonly kind: 'opaque'; readonly reason: string };

const none: OptionSpec = { flags: '', valued: '', longFlags: [], longValued: [] };
const specs: Record<string, OptionSpec> = {
  env: {
    flags: 'i0v',
    valued: 'uC',
    longFlags: ['ignore-environment', 'null', 'debug', 'list-signal-handling'],
    longValued: ['unset', 'chdir'],
  },
  command: { flags: 'p', valued: '', longFlags: [], longValued: [] },
  exec: { flags: 'cl', valued: 'a', longFlags: [], longValued: [] },
  nice: { flags: '', valued: 'n', longFlags: [], longValued: ['adjustment'] },
  timeout: {
    flags: 'v',
    valued: 'sk',
    longFlags: ['preserve-status', 'foreground', 'verbose'],
    longValued: ['signal', 'kill-after'],
  },
  time: {
    flags: 'pvaq',
    valued: 'fo',
    longFlags: ['portability', 'verbose', 'append', 'quiet'],
    longValued: ['format', 'output'],
  },
  xargs: {
    flags: '0prtxo',
    valued: 'adEILnPs',
    optional: 'eil',
    longFlags: ['null', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'open-tty'],
    longValued: [
      'arg-file',
      'delimiter',
      'eof',
      'replace',
      'max-lines',
      'max-args',
      'max-procs',
      'max-chars',
      'process-slot-var',
    ],
  },
  sudo: {
    flags: 'AEHknPSis',
    valued: 'ugpUCDRhrtT',
    longFlags: [
      'askpass',
      'preserve-env',
      'set-home',
      'non-interactive',
      'preserve-groups',
      'stdin',
      'login',
      'shell',
    ],
    longValued: ['user', 'group', 'prompt', 'other-user', 'close-from', 'chdir', 'chroot', 'host'],
  },
  doas: { flags: 'ns', valued: 'u', longFlags: [], longValued: [] },
  stdbuf: { flags: '', valued: 'ioe', longFlags: [], longValued: ['input', 'output', 'error'] },
  setsid: { flags: 'cfw', valued: '', longFlags: ['ctty', 'fork', 'wait'], longValued: [] },
  flock: {
    flags: 'sxeunoF',
    valued: 'wEc',
    longFlags: ['shared', 'exclusive', 'unlock', 'nonblock', 'nb', 'close', 'no-fork', 'verbose'],
    longValued: ['timeout', 'wait', 'conflict-exit-code', 'command'],
  },
  chroot: { flags: '', valued: '', longFlags: ['skip-chdir'], longValued: ['userspec', 'groups'] },
  watch: {
    flags: 'bcegtwxpr',
    valued: 'nqd',
    longFlags: ['beep', 'color', 'errexit', 'chgexit', 'no-title', 'no-wrap', 'exec', 'precise'],
    longValued: ['interval', 'equexit'],
  },
};

/** The shells whose `-c` string is parsed as Bash source. */
export const shells = new Set(['bash', 'sh', 'dash', 'zsh']);

const literal = (word: BashWord | undefined): string | null => word?.value ?? null;

/** Looks through one wrapper at the start of `words`, or says the words are final. */
export function unwrapCommand(words: readonly BashWord[]): Unwrapped {
  const name = commandName(literal(words[0]) ?? '');
  if (shells.has(name)) return unwrapShell(name, words);
  switch (name) {
    case 'eval': {
      const values = words.slice(1).map(literal);
      if (values.some((value) => value === null))
        return { kind: 'opaque', reason: 'eval of a non-literal' };
      return {
        kind: 'code',
        wrapper: 'eval',
        code: values.join(' '),
        keepsProof: true,
        alsoSelf: false,
      };
    }
    case 'trap':
      return unwrapTrap(words);
    case 'coproc':
      // `coproc NAME { …; }` runs a compound command the grammar does not parse as one.
      return words.some((word) => /^[{(]/.test(word.value ?? '('))
        ? { kind: 'opaque', reason: 'coproc of a compound command' }
        : wrapper('coproc', 1);
    case 'builtin':
      return words.length > 1 ? wrapper('builtin', 1) : { kind: 'final' };
    case 'nohup':
      // nohup writes nohup.out when output is a terminal.
      return skipThen('nohup', words, none, false);
    case 'command':
      // `command -v NAME` only looks NAME up.
      for (const word of words.slice(1)) {
        if (!/^-./.test(word.value ?? '') || word.value === '--') break;
        if (/[vV]/.test(word.value ?? '')) return { kind: 'final' };
      }
      return skipThen('command', words, specs.command ?? none, true);
    case 'exec': {
      const skipped = skipOptions(words, 1, specs.exec ?? none);
      if (skipped.ok && skipped.next >= words.length)
        return { kind: 'opaque', reason: 'exec without a command changes the shell itself' };
      return skipThen('exec', words, specs.exec ?? none, true);
    }
    case 'nice': {
      // `nice -5 cmd` is the historic spelling of `nice -n 5 cmd`.
      const start = /^-[0-9]+$/.test(literal(words[1]) ?? '') ? 2 : 1;
      return skipThen('nice', words, specs.nice ?? none, true, start);
    }
    case 'timeout': {
      const skipped = skipOptions(words, 1, specs.timeout ?? none);
      if (!skipped.ok) return { kind: 'opaque', reason: `timeout ${skipped.reason}` };
      return wrapper('timeout', skipped.next + 1);
    }
    case 'time': {
      const skipped = skipOptions(words, 1, specs.time ?? none);
      if (!skipped.ok) return { kind: 'opaque', reason: `time ${skipped.reason}` };
      const writes = skipped.seen.includes('-o') || skipped.seen.includes('--output');
      return wrapper('time', skipped.next, [], !writes);
    }
    case 'xargs': {
      const skipped = skipOptions(words, 1, specs.xargs ?? none);
      if (!skipped.ok) return { kind: 'opaque', reason: `xargs ${skipped.reason}` };
      return { ...wrapper('xargs', skipped.next), appends: true };
    }
    case 'env':
    case 'sudo':
      return unwrapEnvironment(name, words);
    case 'doas':
    case 'stdbuf':
    case 'setsid':
    case 'chroot':
      return unwrapPlain(name, words);
    case 'flock':
      return unwrapFlock(words);
    case 'watch':
      return unwrapWatch(words);
    default:
      return { kind: 'final' };
  }
}

function wrapper(
  name: string,
  next: number,
  assignments: readonly BashWord[] = [],
  keepsProof = true,
): Extract<Unwrapped, { kind: 'wrapper' }> {
  return { kind: 'wrapper', wrapper: name, next, assignments, keepsProof };
}

function skipThen(
  name: string,
  words: readonly BashWord[],
  spec: OptionSpec,
  keepsProof: boolean,
  start = 1,
): Unwrapped {
  const skipped = skipOptions(words, start, spec);
  if (!skipped.ok) return { kind: 'opaque', reason: `${name} ${skipped.reason}` };
  if (skipped.next >= words.length) return { kind: 'final' };
  return wrapper(name, skipped.next, [], keepsProof);
}

function unwrapEnvironment(name: 'env' | 'sudo', words: readonly BashWord[]): Unwrapped {
  const skipped = skipOptions(words, 1, specs[name] ?? none);
  if (!skipped.ok) return { kind: 'opaque', reason: `${name} ${skipped.reason}` };
  let next = skipped.next;
  // `env -` is `env -i`.
  if (name === 'env' && literal(words[next]) === '-') next += 1;
  const assignments: BashWord[] = [];
  for (let word = words[next]; word !== undefined; word = words[next]) {
    const assigns = isEnvironmentAssignment(word);
    if (assigns === null)
      return { kind: 'opaque', reason: `${name} with a dynamic word ${word.text}` };
    if (!assigns) break;
    assignments.push(word);
    next += 1;
  }
  if (next >= words.length) {
    if (name === 'sudo' && /^-[a-zA-Z]*[is]/.test(words.slice(1).map(literal).join(' ')))
      return { kind: 'opaque', reason: 'sudo starts a shell' };
    return { kind: 'final' };
  }
  return wrapper(name, next, assignments, name === 'env');
}

function unwrapPlain(name: string, words: readonly BashWord[]): Unwrapped {
  const skipped = skipOptions(words, 1, specs[name] ?? none);
  if (!skipped.ok) return { kind: 'opaque', reason: `${name} ${skipped.reason}` };
  // chroot runs NEWROOT's shell when no command follows; doas -s starts one.
  const next = name === 'chroot' ? skipped.next + 1 : skipped.next;
  if (next >= words.length) {
    if (name === 'chroot' || (name === 'doas' && skipped.seen.includes('-s')))
      return { kind: 'opaque', reason: `${name} starts a shell` };
    return { kind: 'final' };
  }
  return wrapper(name, next, [], name === 'stdbuf' || name === 'setsid');
}

function unwrapFlock(words: readonly BashWord[]): Unwrapped {
  const skipped = skipOptions(words, 1, specs.flock ?? none);
  if (!skipped.ok) return { kind: 'opaque', reason: `flock ${skipped.reason}` };
  const code = (index: number) => {
    const value = literal(words[index]);
    return value === null
      ? ({ kind: 'opaque', reason: 'flock -c of a non-literal' } as const)
      : ({
          kind: 'code',
          wrapper: 'flock',
          code: value,
          keepsProof: false,
          alsoSelf: false,
        } as const);
  };
  if (skipped.seen.includes('-c') || skipped.seen.includes('--command')) {
    const at = words.findIndex((word) => /^(?:-[a-zA-Z]*c|--command)$/.test(word.value ?? ''));
    return code(at + 1);
  }
  const after = literal(words[skipped.next + 1]);
  if (after === '-c' || after === '--command') return code(skipped.next + 2);
  if (skipped.next + 1 >= words.length) return { kind: 'final' };
  return wrapper('flock', skipped.next + 1, [], false);
}

function unwrapWatch(words: readonly BashWord[]): Unwrapped {
  const skipped = skipOptions(words, 1, specs.watch ?? none);
  if (!skipped.ok) return { kind: 'opaque', reason: `watch ${skipped.reason}` };
  if (skipped.next >= words.length) return { kind: 'final' };
  if (skipped.seen.includes('-x') || skipped.seen.includes('--exec'))
    return wrapper('watch', skipped.next);
  // Without -x, watch joins its arguments and runs them with `sh -c`.
  const values = words.slice(skipped.next).map(literal);
  if (values.some((value) => value === null))
    return { kind: 'opaque', reason: 'watch of a non-literal' };
  return {
    kind: 'code',
    wrapper: 'watch',
    code: values.join(' '),
    keepsProof: false,
    alsoSelf: false,
  };
}

function unwrapTrap(words: readonly BashWord[]): Unwrapped {
  let index = 1;
  if (literal(words[index]) === '--') index += 1;
  const action = words[index];
  // One operand resets that signal; `-` resets; `-l`/`-p` print.
  if (action === undefined || words.length - index < 2) return { kind: 'final' };
  if (action.value === '-' || action.value === '-p' || action.value === '-l')
    return { kind: 'final' };
  if (action.value === null) return { kind: 'opaque', reason: 'trap of a non-literal action' };
  return { kind: 'code', wrapper: 'trap', code: action.value, keepsProof: true, alsoSelf: true };
}

const shellLetters = /^[abefhkmnptuvxBCEHPTilcoO]+$/;

function unwrapShell(name: string, words: readonly BashWord[]): Unwrapped {
  let keepsProof = name === 'bash';
  let command = false;
  let index = 1;
  for (; index < words.length; index += 1) {
    const value = literal(words[index]);
    if (value === null) return { kind: 'opaque', reason: `${name} with a dynamic word` };
    if (value === '--' || value === '-') {
      index += 1;
      break;
    }
    if (value === '--noprofile' || value === '--norc' || value === '--posix') continue;
    if (value === '--login') {
      keepsProof = false;
      continue;
    }
    if (!/^[-+]./.test(value)) break;
    const letters = value.slice(1);
    if (value.startsWith('--') || !shellLetters.test(letters))
      return { kind: 'opaque', reason: `${name} option ${value} is not understood` };
    // Login and interactive shells read startup files first.
    if (/[il]/.test(letters)) keepsProof = false;
    if (letters.includes('c')) command = true;
    if (/[oO]/.test(letters)) index += 1;
  }
  if (index >= words.length) {
    return command
      ? { kind: 'opaque', reason: `${name} -c without a command string` }
      : { kind: 'opaque', reason: `${name} reads commands from standard input` };
  }
  const operand = literal(words[index]);
  if (!command) return { kind: 'opaque', reason: `${name} runs a script file` };
  if (operand === null) return { kind: 'opaque', reason: `${name} -c of a non-literal` };
  return { kind: 'code', wrapper: `${name} -c`, code: operand, keepsProof, alsoSelf: false };
}
