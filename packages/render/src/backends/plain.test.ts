import { describe, expect, it } from 'vitest';
import { makeRow, makeTree } from '../testing/fixtures.js';
import { renderPlain } from './plain.js';

describe('renderPlain', () => {
  it('draws disclosure glyphs, status markers, counts and indented bodies', () => {
    const tree = makeTree(
      makeRow({ header: 'Read: a' }),
      makeRow({
        header: 'Read: b',
        status: 'error',
        expanded: true,
        body: 'Error: gone\n',
        children: [],
      }),
      makeRow({ header: 'Wait', status: 'warning', expandable: false, count: 3 }),
      makeRow({ header: 'Bash: sleep', status: 'running' }),
      makeRow({ header: 'Bash: stop', status: 'cancelled' }),
      makeRow({ header: 'Bash: rm', status: 'denied' }),
      makeRow({ header: 'Bash: wait', status: 'interrupted' }),
    );
    expect(renderPlain(tree)).toBe(
      [
        '▸ Read: a',
        '▾ × Read: b',
        '  Error: gone',
        '· ! Wait (3 calls)',
        '▸ … Bash: sleep',
        '▸ ⊘ Bash: stop',
        '▸ ⊗ Bash: rm',
        '▸ ↯ Bash: wait',
        '',
      ].join('\n'),
    );
  });

  it('brackets batches with a gutter and nests children one level deeper', () => {
    const child = (header: string) => makeRow({ header, batch: 'j' });
    const tree = makeTree(
      makeRow({
        header: 'ToolCall',
        expanded: true,
        body: 'done',
        children: [
          {
            kind: 'batch',
            batch: 'j',
            rows: [child('Read: a'), child('Read: b'), child('Read: c')],
          },
        ],
      }),
    );
    expect(renderPlain(tree)).toBe(
      ['▾ ToolCall', '  done', '  ┌ ▸ Read: a', '  │ ▸ Read: b', '  └ ▸ Read: c', ''].join('\n'),
    );
  });

  it('folds the middle of long bodies', () => {
    const body = Array.from({ length: 10 }, (_, i) => `l${i}`).join('\n');
    const tree = makeTree(makeRow({ header: 'h', expanded: true, body }));
    expect(renderPlain(tree, { maxBodyLines: 6, indent: 1 })).toBe(
      ['▾ h', ' l0', ' l1', ' l2', ' l3', ' ⋮ 4 more lines folded', ' l8', ' l9', ''].join('\n'),
    );
  });

  it('shows every line of a body at or under the limit and folds the rest exactly', () => {
    const shown = (lines: number, max: number) => {
      const body = Array.from({ length: lines }, (_, i) => `l${i}`).join('\n');
      const out = renderPlain(
        makeTree(makeRow({ header: 'h', expanded: true, body: `${body}\n` })),
        {
          maxBodyLines: max,
        },
      );
      return out.split('\n').slice(1, -1).join(' ').replaceAll('  ', '');
    };
    expect([shown(6, 6), shown(7, 6), shown(3, 2), shown(2, 1), shown(5, 0)]).toEqual([
      'l0 l1 l2 l3 l4 l5',
      'l0 l1 l2 l3 ⋮ 1 more line folded l5 l6',
      'l0 l1 ⋮ 1 more line folded',
      'l0 ⋮ 1 more line folded',
      'l0 l1 l2 l3 l4',
    ]);
  });

  it('shows control characters as visible symbols', () => {
    const tree = makeTree(
      makeRow({ header: 'a\u001b[2Jb\rc', expanded: true, body: 'x\u0007\ty' }),
    );
    expect(renderPlain(tree)).toBe('▾ a␛[2Jb␍c\n  x␇\ty\n');
  });

  it('returns an empty string for an empty tree and rejects bad options', () => {
    expect(renderPlain(makeTree())).toBe('');
    expect(() => renderPlain(makeTree(), { maxBodyLines: -1 })).toThrow(TypeError);
  });
});
