import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
let round = 0;
beforeAll(async () => {
  workspace = await createTestWorkspace();
});
afterAll(() => workspace.dispose());

async function contents(directory: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    files[name] = await readFile(path.join(directory, name), 'utf8');
  }
  return files;
}

const line = fc.stringMatching(/^[a-z ]{0,6}$/);
// Numbered lines keep every hunk unambiguous, so only the stale hunk can fail.
const fileLines = fc
  .array(line, { minLength: 1, maxLength: 6 })
  .map((lines) => lines.map((text, index) => `${index}:${text}`));

describe('ApplyPatch', () => {
  test.prop(
    [
      fc.array(
        fc.record({ lines: fileLines, edit: fc.nat(), replacement: line, breaks: fc.boolean() }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    ],
    { numRuns: 25 },
  )('applies every file or none: a patch with one stale hunk changes nothing', async (files) => {
    round += 1;
    const directory = `round-${round}`;
    for (const [index, file] of files.entries()) {
      await workspace.write(`${directory}/f${index}.txt`, `${file.lines.join('\n')}\n`);
    }
    const before = await contents(path.join(workspace.root, directory));
    const operations = files.flatMap((file, index) => {
      const at = file.edit % file.lines.length;
      const old = file.breaks ? `${file.lines[at]}-stale` : file.lines[at];
      return [
        `*** Update File: ${directory}/f${index}.txt`,
        '@@',
        ...file.lines.slice(0, at).map((text) => ` ${text}`),
        `-${old}`,
        `+${file.replacement}!`,
      ];
    });
    const outcome = await workspace.run('ApplyPatch', {
      patch: ['*** Begin Patch', ...operations, '*** End Patch'].join('\n'),
    });
    const after = await contents(path.join(workspace.root, directory));
    if (files.some((file) => file.breaks)) {
      expect(outcome.status).toBe('error');
      expect(after).toEqual(before);
    } else {
      expect(outcome.status).toBe('success');
      expect(after).toEqual(
        Object.fromEntries(
          files.map((file, index) => {
            const at = file.edit % file.lines.length;
            const lines = [...file.lines];
            lines[at] = `${file.replacement}!`;
            return [`f${index}.txt`, `${lines.join('\n')}\n`];
          }),
        ),
      );
    }
  });
});
