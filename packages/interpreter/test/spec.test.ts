import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { specTools } from './spec-tools.js';

type Case = { source: string; expected: string; line: number };

const directory = join(dirname(fileURLToPath(import.meta.url)), 'spec');

/** Splits a .tl file into cases: source lines, then one `;=> value` or `;!! kind[:budget]` line (optionally ` | ran: Tools…`). */
function parseCases(text: string): Case[] {
  const cases: Case[] = [];
  let lines: string[] = [];
  let start = 0;
  text.split('\n').forEach((line, index) => {
    if (line.startsWith(';=>') || line.startsWith(';!!')) {
      cases.push({ source: lines.join('\n'), expected: line, line: start + 1 });
      lines = [];
    } else {
      if (lines.length === 0 && line.trim() === '') return;
      if (lines.length === 0) start = index;
      lines.push(line);
    }
  });
  return cases;
}

for (const file of readdirSync(directory).filter((name) => name.endsWith('.tl'))) {
  describe(file, () => {
    for (const testCase of parseCases(readFileSync(join(directory, file), 'utf8'))) {
      it(`line ${testCase.line}: ${testCase.source.split('\n').at(-1)?.slice(0, 60)}`, {
        timeout: 120_000,
      }, async () => {
        const ran: string[] = [];
        const outcome = await evaluate(testCase.source, {
          tools: specTools(ran),
          // A safety net, far above what any case takes on an idle machine: a case that expects
          // the step budget must not meet the wall-time one first on a loaded machine.
          limits: { wallTime: 90_000 },
        });
        // An expectation may end with ` | ran: Tool Tool` or ` | ran: none`: the tools that ran, in order.
        const [expected, ranPart] = testCase.expected.split(' | ran:') as [
          string,
          string | undefined,
        ];
        if (ranPart !== undefined) {
          const wantRan = ranPart.trim() === 'none' ? [] : ranPart.trim().split(/\s+/);
          expect(ran, 'the tools that ran').toEqual(wantRan);
        }
        if (expected.startsWith(';=>')) {
          const want = expected.slice(3).trim();
          expect(outcome.success ? outcome.printed : outcome.error).toEqual(want);
        } else {
          // `;!! kind ~ text`: the error's message must also contain `text`.
          const [want, text] = expected
            .slice(3)
            .split(' ~ ')
            .map((part) => part.trim()) as [string, string | undefined];
          if (text !== undefined)
            expect(outcome.success ? outcome.printed : outcome.error.message).toContain(text);
          const got = outcome.success
            ? `value ${outcome.printed}`
            : outcome.error.budget === undefined
              ? outcome.error.kind
              : `${outcome.error.kind}:${outcome.error.budget}`;
          expect(got, outcome.success ? '' : outcome.error.message).toBe(want);
        }
      });
    }
  });
}
