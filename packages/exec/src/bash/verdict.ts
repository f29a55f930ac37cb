/** How one command was judged: proven read-only, a known write, or not provable. */
export type CommandVerdict =
  | { readonly kind: 'read-only' }
  | { readonly kind: 'mutating'; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string };

/** The shared read-only verdict. */
export const readOnly: CommandVerdict = { kind: 'read-only' };

/** Builds a mutating verdict. */
export function mutating(reason: string): CommandVerdict {
  return { kind: 'mutating', reason };
}

/** Builds an unknown verdict. */
export function unknown(reason: string): CommandVerdict {
  return { kind: 'unknown', reason };
}

/** Splits arguments into positionals, skipping the values of the named options. */
export function positionals(
  args: readonly string[],
  optionsWithValue: ReadonlySet<string>,
): string[] {
  const result: string[] = [];
  let afterDoubleDash = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (afterDoubleDash || arg === '-' || !arg.startsWith('-')) result.push(arg);
    else if (arg === '--') afterDoubleDash = true;
    else if (optionsWithValue.has(arg)) index += 1;
  }
  return result;
}

/**
 * Whether `arg` is `--option` or an abbreviation getopt_long and git accept for it
 * (`--outp=x` for `--output`), given at least `minimum` characters of the name.
 */
export function abbreviates(arg: string, option: string, minimum: number): boolean {
  if (!arg.startsWith('--')) return false;
  const name = arg.slice(2).split('=')[0] ?? '';
  return name.length >= minimum && option.startsWith(name);
}
