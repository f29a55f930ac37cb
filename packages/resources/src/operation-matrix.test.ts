import { describe, expect, it } from 'vitest';
import { isOperationAllowed, operationMatrix, resourceOperations } from './operation-matrix.js';
import { parseAddressOrThrow } from './parse-address.js';
import { createResourceResolver } from './resolver.js';

const hex = 'a'.repeat(64);

// Each form of tool-contracts §6.1 and the operations it allows: Read, Glob, Grep, ApplyPatch.
const expectations: readonly (readonly [string, string])[] = [
  ['work://', 'RGG-'],
  ['work://notes.md', 'RGGA'],
  ['work://shared', 'RGG-'],
  ['work://shared/notes.md', 'RGGA'],
  ['artifact://', 'RGG-'],
  ['artifact://bash-1.txt', 'RGG-'],
  ['skill://', 'R---'],
  [`skill://pdf@${hex}`, 'RGG-'],
  [`skill://pdf@${hex}/SKILL.md`, 'RGG-'],
  ['skill://bundled/pdf', 'RGG-'],
  ['agent://', 'R---'],
  ['agent://root/worker#/a', 'R---'],
  ['history://', 'R---'],
  ['history://root', 'R-G-'],
  ['history://root/worker', 'R-G-'],
  ['history://saved', 'RGG-'],
  ['history://saved/s1/seg.md', 'RGG-'],
  ['memory://root', 'RGG-'],
  [`memory://${hex}`, 'RGG-'],
  [`memory://${hex}/topic.md`, 'RGGA'],
  ['memory://journal/', 'RGG-'],
  ['memory://journal/entry.md', 'RGG-'],
  ['mcp://', 'R---'],
  ['mcp://github', 'R---'],
  ['mcp://github/repo%3A%2F%2Fx', 'R---'],
  ['shared://', 'R---'],
  ['shared://doc-1', 'R-G-'],
  ['shared://doc-1/elements', 'R-G-'],
  ['shared://library', 'R-G-'],
  ['shared://library/shapes/sheet.png', 'R---'],
  ['toolcall://', 'RGG-'],
  ['toolcall://tools/files.md', 'RGG-'],
];

function signature(text: string): string {
  const address = parseAddressOrThrow(text);
  return resourceOperations
    .map((operation, index) => (isOperationAllowed(address, operation) ? 'RGGA'[index] : '-'))
    .join('');
}

describe('isOperationAllowed', () => {
  it.each(expectations)('allows %s exactly as %s', (text, expected) => {
    expect(signature(text)).toBe(expected);
  });

  it('has one row per family', () => {
    expect(operationMatrix.map((row) => row.family)).toEqual([
      'work',
      'artifact',
      'skill',
      'agent',
      'history',
      'history-saved',
      'memory',
      'journal',
      'mcp',
      'shared',
      'toolcall',
    ]);
  });
});

describe('prepare on an unsupported pair', () => {
  it('fails explicitly, naming the tool, the address and the family', () => {
    const resolver = createResourceResolver({ families: {} });
    const results = [
      resolver.prepare('apply-patch', 'artifact://bash-1.txt'),
      resolver.prepare('glob', 'skill://'),
      resolver.prepare('grep', 'mcp://github'),
      resolver.prepare('apply-patch', 'work://'),
    ];
    expect(
      results.map((result) =>
        result.success ? 'ok' : `${result.error.code}: ${result.error.message}`,
      ),
    ).toEqual([
      'unsupported-operation: ApplyPatch does not support artifact://bash-1.txt (family artifact)',
      'unsupported-operation: Glob does not support skill:// (family skill)',
      'unsupported-operation: Grep does not support mcp://github (family mcp)',
      'unsupported-operation: ApplyPatch does not support work:// (family work)',
    ]);
  });
});
