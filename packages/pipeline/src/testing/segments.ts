import type { CommandSegment, PermissionFacts } from '../permissions/types.js';

/** A plain simple command: its words are its argv, its first word its name. */
export function segment(text: string, extra: Partial<CommandSegment> = {}): CommandSegment {
  const argv = text.trim().split(/\s+/);
  return {
    text,
    name: argv[0]!,
    argv,
    command: argv.join(' '),
    readOnly: false,
    via: [],
    ...extra,
  };
}

/** A simple command proved read-only. */
export const readOnly = (text: string): CommandSegment => segment(text, { readOnly: true });

/** A command whose arguments are dynamic (`rm $x`): name known, argv and command not. */
export const dynamic = (text: string): CommandSegment =>
  segment(text, { argv: null, command: null });

/** A segment the analyzer cannot see through. */
export const opaque = (text: string, why = 'a variable as the command name'): CommandSegment => ({
  text,
  name: null,
  argv: null,
  command: null,
  readOnly: false,
  opaque: why,
  via: [],
});

/** The facts of a shell call: its whole source and its segments. */
export function commandFacts(source: string, commands: readonly CommandSegment[]): PermissionFacts {
  return { paths: [], pattern: source, domain: undefined, name: undefined, commands };
}
