import { type CommandVerdict, readOnly, unknown } from './verdict.js';

/** How an allowed option is spelled: alone, with a required value, or with an attached optional one. */
export type OptionKind = 'flag' | 'value' | 'optional';

/** One command's option allow-list; an option not listed is refused. */
export interface AllowList {
  readonly command: string;
  /** Short options by letter. */
  readonly short?: Readonly<Record<string, OptionKind>>;
  /** Long options by name (without `--`). */
  readonly long?: Readonly<Record<string, OptionKind>>;
  /** Options the command has that write or run programs, with the verdict each gives. */
  readonly refused?: Readonly<Record<string, CommandVerdict>>;
  /** Checks the value of an allowed option (for example a format that runs gpg). */
  readonly value?: (option: string, value: string) => CommandVerdict | undefined;
  /** Judges the positional operands once every option passed. */
  readonly operands?: (operands: readonly string[]) => CommandVerdict;
}

/** The options and operands an allow-list read from arguments. */
export interface ReadOptions {
  readonly verdict: CommandVerdict;
  readonly operands: readonly string[];
}

// getopt_long and git accept any unambiguous prefix of a long option, so a prefix is
// resolved against every option the command has, refused ones included.
function resolveLong(
  list: AllowList,
  name: string,
): { name: string; kind: OptionKind | 'refused' } | null {
  const known = { ...list.long };
  const refusedLong = Object.keys(list.refused ?? {}).filter((key) => key.startsWith('--'));
  const candidates = new Map<string, OptionKind | 'refused'>();
  for (const [key, kind] of Object.entries(known)) candidates.set(key, kind);
  for (const key of refusedLong) candidates.set(key.slice(2), 'refused');
  const exact = candidates.get(name);
  if (exact !== undefined) return { name, kind: exact };
  const matches = [...candidates.keys()].filter((key) => key.startsWith(name));
  if (matches.length !== 1 || name.length === 0) return null;
  const [only = ''] = matches;
  return { name: only, kind: candidates.get(only) ?? 'refused' };
}

/** Reads arguments against an allow-list: the first refused or unknown option decides. */
export function readOptions(list: AllowList, args: readonly string[], permute = true): ReadOptions {
  const operands: string[] = [];
  const refuse = (option: string): ReadOptions => ({
    verdict:
      list.refused?.[option] ?? unknown(`${list.command} ${option} is not known to be read-only`),
    operands,
  });
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      operands.push(arg);
      if (!permute) {
        operands.push(...args.slice(index + 1));
        break;
      }
      continue;
    }
    if (arg.startsWith('--')) {
      const [written = '', ...rest] = arg.slice(2).split('=');
      const resolved = resolveLong(list, written);
      if (resolved === null) return refuse(`--${written}`);
      if (resolved.kind === 'refused') return refuse(`--${resolved.name}`);
      const attached = rest.length > 0 ? rest.join('=') : undefined;
      if (resolved.kind === 'flag' && attached !== undefined) return refuse(`--${resolved.name}`);
      let value = attached;
      if (resolved.kind === 'value' && value === undefined) {
        index += 1;
        value = args[index] ?? '';
      }
      const checked = value === undefined ? undefined : list.value?.(`--${resolved.name}`, value);
      if (checked !== undefined && checked.kind !== 'read-only')
        return { verdict: checked, operands };
      continue;
    }
    for (let at = 1; at < arg.length; at += 1) {
      const letter = arg[at] ?? '';
      if (list.refused?.[`-${letter}`]) return refuse(`-${letter}`);
      const kind = list.short?.[letter];
      if (kind === undefined) return refuse(`-${letter}`);
      if (kind === 'flag') continue;
      let value = arg.slice(at + 1);
      if (kind === 'value' && value === '') {
        index += 1;
        value = args[index] ?? '';
      }
      const checked = list.value?.(`-${letter}`, value);
      if (checked !== undefined && checked.kind !== 'read-only')
        return { verdict: checked, operands };
      break;
    }
  }
  return { verdict: readOnly, operands };
}

/** Judges a command by its allow-list and then its operands. */
export function judgeByAllowList(list: AllowList, args: readonly string[]): CommandVerdict {
  const { verdict, operands } = readOptions(list, args);
  if (verdict.kind !== 'read-only') return verdict;
  return list.operands?.(operands) ?? readOnly;
}
