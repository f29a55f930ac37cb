import { z } from 'zod';
import { path, pathOrResource } from '../args-dsl.js';
import { defineTool } from '../define-tool.js';

/** A read-only tool echoing its validated arguments as JSON. */
export const readTool = defineTool({
  name: 'Read',
  description: 'Reads a file from the workspace. Returns numbered lines.',
  readOnly: true,
  args: z.object({
    file_path: path('The file to read.'),
    offset: z.number().int().min(1).max(100).optional(),
    limit: z.number().int().optional(),
    mode: z.enum(['text', 'lines']).default('text'),
  }),
  handler: (args) => `read ${JSON.stringify(args)}`,
});

/** A mutating tool with a path and an array argument. */
export const writeTool = defineTool({
  name: 'Write',
  description: 'Writes a file.',
  snapshot: true,
  args: z.object({
    file_path: path('Where to write.'),
    content: z.string(),
    tags: z.array(z.string()).optional(),
  }),
  handler: (args) => `wrote ${args.file_path}`,
});

/** A tool with a read-access path-or-resource argument and a command pattern. */
export const fetchTool = defineTool({
  name: 'Fetch',
  description: 'Fetches a URL.',
  readOnly: true,
  args: z.object({
    url: z.string(),
    allowed_domains: z.array(z.string()).optional(),
    blocked_domains: z.array(z.string()).optional(),
    head_limit: z.number().int().optional(),
  }),
  permission: { domain: (args) => new URL(args.url).hostname },
  handler: (args) => `fetched ${args.url}`,
});

/** A tool whose source argument only needs read access. */
export const copyTool = defineTool({
  name: 'Copy',
  description: 'Copies a source into a destination.',
  args: z.object({
    source: pathOrResource({ access: 'read', description: 'What to copy.' }),
    destination: path(),
  }),
  handler: () => 'copied',
});

/** A tool with a command pattern fact. */
export const bashTool = defineTool({
  name: 'Bash',
  description: 'Runs a command.',
  args: z.object({ command: z.string(), description: z.string() }),
  permission: { pattern: (args) => args.command },
  handler: (args) => `ran ${args.command}`,
});

/** A shell tool whose command arrives as ready-made segments (`segments`), like Bash's analyzer gives. */
export const shellTool = defineTool({
  name: 'Shell',
  description: 'Runs a shell command given with its analysed segments.',
  args: z.object({
    command: z.string(),
    segments: z.array(
      z.object({
        text: z.string(),
        name: z.string().nullable(),
        argv: z.array(z.string()).nullable(),
        command: z.string().nullable(),
        readOnly: z.boolean(),
        opaque: z.string().optional(),
        via: z.array(z.string()),
      }),
    ),
  }),
  permission: {
    pattern: (args) => args.command,
    commands: (args) => args.segments,
    shell: true,
  },
  handler: (args) => `ran ${args.command}`,
});
