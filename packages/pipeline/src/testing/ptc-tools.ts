import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { path } from '../args-dsl.js';
import { defineTool } from '../define-tool.js';
import type { Tool } from '../tool-types.js';

/** A real Read over node:fs: numbered lines, like the built-in. */
export const readTool = defineTool({
  name: 'Read',
  description: 'Reads a text file. Returns numbered lines.',
  readOnly: true,
  groups: ['files'],
  args: z.object({
    file_path: path('The file to read.'),
    limit: z.number().int().min(1).optional(),
  }),
  handler: async ({ file_path, limit }) => {
    const lines = (await readFile(file_path, 'utf8')).split('\n');
    if (lines.at(-1) === '') lines.pop();
    const kept = limit === undefined ? lines : lines.slice(0, limit);
    return kept.map((line, index) => `${String(index + 1).padStart(6)}\t${line}`).join('\n');
  },
}) as unknown as Tool;

/** A real Grep over node:fs: `path:line:text` for every matching line under a directory. */
export const grepTool = defineTool({
  name: 'Grep',
  description: 'Search file contents with a regular expression. Returns path:line:text matches.',
  readOnly: true,
  groups: ['files', 'search'],
  args: z.object({ pattern: z.string(), path: path('A directory to search.').optional() }),
  handler: async ({ pattern, path: directory }) => {
    const root = directory ?? '.';
    const expression = new RegExp(pattern);
    const matches: string[] = [];
    for (const name of (await readdir(root)).sort()) {
      const file = join(root, name);
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        if (expression.test(line)) matches.push(`${file}:${index + 1}:${line}`);
      });
    }
    return matches.join('\n');
  },
}) as unknown as Tool;
