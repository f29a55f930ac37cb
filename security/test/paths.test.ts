import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATH_TABLES, type PathCase, type PathTable } from '../cases/paths.js';
import { type Host, meets } from '../hosts/host.js';
import { HOSTS, sample } from '../hosts/index.js';
import { createLayout, KEY_TEXT, removeLayout, spell } from '../hosts/workspace.js';

const label = (entry: PathCase) =>
  `${entry.path} is ${entry.expect}${entry.note ? ` (${entry.note})` : ''}`;

function inputFor(
  table: PathTable,
  path: string,
): { tool: string; input: Record<string, unknown> } {
  if (table.allow.some((rule) => rule.startsWith('ApplyPatch'))) {
    return {
      tool: 'ApplyPatch',
      input: {
        patch: ['*** Begin Patch', `*** Add File: ${path}`, '+written', '*** End Patch'].join('\n'),
      },
    };
  }
  return { tool: 'Read', input: { file_path: path } };
}

describe.each(HOSTS)('$name', ({ open, every }) => {
  for (const table of PATH_TABLES) {
    describe(table.name, () => {
      const layout = createLayout();
      let host: Host;
      beforeAll(async () => {
        host = await open({
          workspace: layout.workspace,
          home: layout.home,
          policy: { ...table, ask: [] },
        });
      });
      afterAll(async () => {
        await host?.close();
        removeLayout(layout.root);
      });
      it.each(sample(table.cases, every))('%s', async (entry) => {
        const { tool, input } = inputFor(table, spell(entry.path, layout));
        const decided = await host.call(tool, input);
        expect(
          meets(entry.expect, decided.decision),
          `${label(entry)}: ${decided.decision}\n${decided.text}`,
        ).toBe(true);
        // Whatever was decided, a refused read never hands over the key's text.
        if (entry.expect !== 'ran')
          expect(decided.text).not.toContain(KEY_TEXT.trim().split('\n')[1]);
      });
    });
  }
});
