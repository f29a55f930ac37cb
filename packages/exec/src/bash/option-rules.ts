import { type CommandVerdict, mutating, readOnly, unknown } from './verdict.js';

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

// find's tests, options and actions that only read, and how many arguments each takes.
const findPrimaries: Record<string, number> = {
  ...Object.fromEntries(
    'empty executable readable writable nouser nogroup true false print print0 ls prune quit depth mount xdev follow noleaf ignore_readdir_race noignore_readdir_race daystart warn nowarn not and or a o'
      .split(' ')
      .map((name) => [`-${name}`, 0]),
  ),
  ...Object.fromEntries(
    'name iname path ipath wholename iwholename regex iregex type xtype size mtime mmin atime amin ctime cmin newer anewer cnewer perm user group uid gid links inum samefile lname ilname used fstype context maxdepth mindepth regextype printf files0-from'
      .split(' ')
      .map((name) => [`-${name}`, 1]),
  ),
  '!': 0,
  '(': 0,
  ')': 0,
  ',': 0,
};

/** Judges find by an allow-list of primaries; -exec, -delete, -fprint… and unknown ones are refused. */
export function judgeFind(args: readonly string[]): CommandVerdict {
  let index = 0;
  // Leading -H, -L, -P, -D debugopts and -Olevel come before the paths.
  while (/^-(?:[HLP]|O[0-9]?)$/.test(args[index] ?? '') || args[index] === '-D') {
    index += args[index] === '-D' ? 2 : 1;
  }
  while (index < args.length && !/^[-!(),]/.test(args[index] ?? '')) index += 1;
  for (; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    const unsafe = findUnsafe[arg];
    if (unsafe) return unsafe;
    // -newerXY takes a reference like -newer.
    const arity = /^-newer[aBcmt][aBcmtt]$/.test(arg) ? 1 : findPrimaries[arg];
    if (arity === undefined) return unknown(`find ${arg} is not known to be read-only`);
    index += arity;
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

const xxdFlags = new Set(
  '-a -autoskip -b -bits -C -capitalize -E -EBCDIC -e -i -include -p -ps -postscript -plain -r -revert -u -uppercase -d -h -help -v -version'.split(
    ' ',
  ),
);
const xxdValued = new Set('-c -cols -g -groupsize -l -len -s -seek -o -n -name -R'.split(' '));

/** Judges xxd by its allow-list; a second operand is an output file. */
export function judgeXxd(args: readonly string[]): CommandVerdict {
  const operands: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') operands.push(arg);
    else if (xxdValued.has(arg)) index += 1;
    else if (!xxdFlags.has(arg) && !/^-[cglson][0-9a-fx+-]+$/.test(arg))
      return unknown(`xxd ${arg} is not known to be read-only`);
  }
  return operands.length > 1 ? mutating('xxd OUTPUT writes a file') : readOnly;
}
