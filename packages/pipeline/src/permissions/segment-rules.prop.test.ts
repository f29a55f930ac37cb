import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { commandFacts, dynamic, opaque, readOnly, segment } from '../testing/segments.js';
import { shellTool } from '../testing/tools.js';
import type { Tool } from '../tool-types.js';
import { PermissionPolicy } from './policy.js';
import type { CommandSegment, PermissionDecision, PermissionMode } from './types.js';

type Kind = 'allowed' | 'denied' | 'readOnly' | 'opaque' | 'dynamic' | 'plain';

const bash = { ...shellTool, name: 'Bash' } as Tool;
const base = { workingDirectory: '/ws', homeDirectory: '/home/u' };
const word = fc.stringMatching(/^[a-z0-9._-]{1,6}$/);

function build(kind: Kind, argument: string): CommandSegment {
  switch (kind) {
    case 'allowed':
      return segment(`ok ${argument}`);
    case 'denied':
      return segment(`bad ${argument}`);
    case 'readOnly':
      return readOnly(`look ${argument}`);
    case 'opaque':
      return opaque(`$${argument}`);
    case 'dynamic':
      return dynamic(`run $${argument}`);
    case 'plain':
      return segment(`run ${argument}`);
  }
}

/** The per-segment rule, written out: deny wins, then what cannot be judged, then the mode. */
function expected(
  kinds: readonly Kind[],
  mode: PermissionMode,
  denies: boolean,
): PermissionDecision {
  if (denies && kinds.includes('denied')) return 'deny';
  const unjudged = kinds.some((kind) => kind === 'opaque' || kind === 'dynamic');
  // With a deny pattern rule present an opaque segment asks even in full-auto.
  if (unjudged && (mode !== 'full-auto' || denies)) return 'ask';
  const unallowed = kinds.some((kind) => kind === 'plain' || (!denies && kind === 'denied'));
  if (unallowed && mode !== 'full-auto') return 'ask';
  return 'allow';
}

describe('command rules per segment (property)', () => {
  test.prop([
    fc.array(
      fc.tuple(
        fc.constantFrom<Kind>('allowed', 'denied', 'readOnly', 'opaque', 'dynamic', 'plain'),
        word,
      ),
      { minLength: 1, maxLength: 8 },
    ),
    fc.constantFrom<PermissionMode>('ask', 'edits', 'full-auto'),
    fc.boolean(),
    fc.constantFrom('; ', ' && ', ' | ', '\n', ' || '),
  ])('decides a compound command exactly as its segments say', (parts, mode, denies, joiner) => {
    const rules = [
      { tool: 'Bash', pattern: 'ok *', action: 'allow' as const },
      ...(denies ? [{ tool: 'Bash', pattern: 'bad*', action: 'deny' as const }] : []),
    ];
    const segments = parts.map(([kind, argument]) => build(kind, argument));
    const source = segments.map((item) => item.text).join(joiner);
    const verdict = new PermissionPolicy(rules, mode, base).decide(
      bash,
      commandFacts(source, segments),
    );
    const kinds = parts.map(([kind]) => kind);
    expect(verdict.decision).toBe(expected(kinds, mode, denies));
    // The segment named is one whose own verdict is the call's.
    expect(segments).toContain(verdict.segment);
  });
});
