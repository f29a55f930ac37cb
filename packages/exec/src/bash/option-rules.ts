import { abbreviates, type CommandVerdict, mutating, readOnly, unknown } from './verdict.js';

/** The find primaries that run commands, delete files or write files. */
export const findUnsafe: Record<string, CommandVerdict> = {
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

/** Judges sort: -o/--output write a file and --compress-program runs one. */
export function judgeSort(args: readonly string[]): CommandVerdict {
  for (const arg of args) {
    if (arg === '--') break;
    if (abbreviates(arg, 'output', 1) || (/^-[A-Za-z]*o/.test(arg) && !arg.startsWith('--')))
      return mutating('sort -o writes a file');
    if (abbreviates(arg, 'compress-program', 2))
      return unknown('sort --compress-program runs a program');
  }
  return readOnly;
}

/** Judges rg: --pre, --hostname-bin and -z/--search-zip run programs. */
export function judgeRipgrep(args: readonly string[]): CommandVerdict {
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

/** Judges env: read-only only when it prints the environment instead of running a command. */
export function judgeEnv(args: readonly string[]): CommandVerdict {
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
