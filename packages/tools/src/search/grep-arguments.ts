import { pathOrResource, z } from '@toolcall/pipeline';

/** Grep's arguments as the contracts declare them (built per tool, not at import). */
export function grepArgumentsSchema() {
  return z.object({
    pattern: z.string().describe('The regular expression (ripgrep syntax).'),
    path: pathOrResource({
      access: 'read',
      description: 'File or directory to search (default: the working directory).',
    }).optional(),
    glob: z
      .string()
      .optional()
      .describe('Only files matching this glob, relative to :path, e.g. "*.ts" or "src/**/*.py".'),
    output_mode: z
      .enum(['content', 'files_with_matches', 'count'])
      .optional()
      .describe('What to return (default files_with_matches).'),
    head_limit: z
      .number()
      .int()
      .optional()
      .describe('Output lines to return (default 250, 0 = no limit).'),
    offset: z.number().int().optional().describe('Output lines to skip (default 0).'),
    context: z
      .number()
      .int()
      .optional()
      .describe('Context lines around each match (content mode).'),
    '-C': z.number().int().optional().describe('Same as context.'),
    '-A': z.number().int().optional().describe('Lines after each match (content mode).'),
    '-B': z.number().int().optional().describe('Lines before each match (content mode).'),
    '-i': z.boolean().optional().describe('Case-insensitive search.'),
    '-n': z.boolean().optional().describe('Show line numbers (content mode, default true).'),
    type: z.string().optional().describe('ripgrep file type, e.g. "ts", "py".'),
    multiline: z.boolean().optional().describe('Let patterns span lines; `.` matches newlines.'),
  });
}

/** Grep's validated arguments. */
export type GrepArguments = z.output<ReturnType<typeof grepArgumentsSchema>>;

/** ripgrep's flags for the output mode, context and line numbers. */
export function modeFlags(args: GrepArguments, perFile: number): string[] {
  const mode = args.output_mode ?? 'files_with_matches';
  if (mode === 'files_with_matches') return ['--files-with-matches'];
  if (mode === 'count') return ['--count-matches', '--with-filename'];
  const flags = ['--heading', '--with-filename', '--max-count', String(perFile)];
  if (args['-n'] !== false) flags.push('--line-number');
  const around = args.context ?? args['-C'];
  if (around !== undefined) flags.push('--context', String(Math.max(0, around)));
  if (args['-A'] !== undefined) flags.push('--after-context', String(Math.max(0, args['-A'])));
  if (args['-B'] !== undefined) flags.push('--before-context', String(Math.max(0, args['-B'])));
  return flags;
}
