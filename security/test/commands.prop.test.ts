import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { embeddedHost } from '../hosts/embedded.js';
import type { Host } from '../hosts/host.js';
import { createLayout, removeLayout, victimIntact } from '../hosts/workspace.js';

/** Segments by what the rules make of them: allowed by a rule, denied by a rule, or neither. */
const ALLOWED = ['git log --oneline -1', 'git log', 'git status --short'];
const DENIED = ['rm -f victim', '/bin/rm -f victim', '"rm" -f victim', 'command rm -f victim'];
const UNRULED = ['touch victim.new', 'mkdir -p made', 'cp victim victim.copy'];
const READ_ONLY = ['echo hi', 'cat victim', 'wc -l victim', 'ls'];

type Kind = 'allowed' | 'denied' | 'unruled' | 'read-only';
const segment = fc.oneof(
  fc.constantFrom(...ALLOWED).map((text) => ({ kind: 'allowed' as Kind, text })),
  fc.constantFrom(...DENIED).map((text) => ({ kind: 'denied' as Kind, text })),
  fc.constantFrom(...UNRULED).map((text) => ({ kind: 'unruled' as Kind, text })),
  fc.constantFrom(...READ_ONLY).map((text) => ({ kind: 'read-only' as Kind, text })),
);

/** Joins segments the ways a shell runs several commands, nesting some in `$(…)` or a subshell. */
const compound = fc
  .array(
    fc.tuple(
      segment,
      fc.constantFrom('; ', ' && ', ' || ', ' | ', '\n'),
      fc.constantFrom('plain', 'subshell', 'substitution', 'group', 'bash -c'),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => ({
    kinds: parts.map(([entry]) => entry.kind),
    command: parts
      .map(([entry, , shape], index) => {
        const text =
          shape === 'subshell'
            ? `(${entry.text})`
            : shape === 'substitution'
              ? `echo "$(${entry.text})"`
              : shape === 'group'
                ? `{ ${entry.text}; }`
                : shape === 'bash -c'
                  ? `bash -c '${entry.text.replaceAll('"', '')}'`
                  : entry.text;
        return index === parts.length - 1 ? text : `${text}${parts[index]![1]}`;
      })
      .join(''),
  }));

describe('random compound commands through an embedded tool set', () => {
  const layout = createLayout();
  let host: Host;
  beforeAll(async () => {
    host = await embeddedHost({
      workspace: layout.workspace,
      home: layout.home,
      policy: {
        mode: 'ask',
        allow: ['Bash(git log*)', 'Bash(git status*)'],
        deny: ['Bash(rm*)'],
      },
    });
  });
  afterAll(async () => {
    await host?.close();
    removeLayout(layout.root);
  });

  test.prop([compound], { numRuns: 60 })(
    'are denied when any segment is denied, run when every segment is allowed or read-only, and asked otherwise',
    async ({ kinds, command }) => {
      const expected = kinds.includes('denied')
        ? 'denied'
        : kinds.every((kind) => kind === 'allowed' || kind === 'read-only')
          ? 'ran'
          : 'asked';
      const decided = await host.call('Bash', { command, description: 'property' });
      expect(decided.decision, command).toBe(expected);
      if (expected !== 'ran') expect(victimIntact(layout.workspace)).toBe(true);
      victimIntact(layout.workspace);
    },
  );
});
