import { describe, expect, it } from 'vitest';
import { parsePatch } from './parse-patch.js';

const wrap = (body: string): string => `*** Begin Patch\n${body}\n*** End Patch`;

describe('parsePatch', () => {
  it('parses add, delete and update with move, anchor, hint and end-of-file hunks', () => {
    const patch = wrap(
      [
        '*** Add File: new.txt',
        '+one',
        '+two',
        '*** Delete File: old.txt',
        '*** Update File: a.txt',
        '*** Move to: b.txt',
        '@@ def main',
        ' keep',
        '-drop',
        '+take',
        '',
        '@@ 12',
        ' tail',
        '+end',
        '*** End of File',
      ].join('\n'),
    );
    expect(parsePatch(`  \r\n${patch.replace(/\n/g, '\r\n')}\n\n`)).toEqual({
      success: true,
      operations: [
        { type: 'add', path: 'new.txt', content: 'one\ntwo\n' },
        { type: 'delete', path: 'old.txt' },
        {
          type: 'update',
          path: 'a.txt',
          moveTo: 'b.txt',
          hunks: [
            {
              hint: undefined,
              anchor: 'def main',
              endOfFile: false,
              lines: [
                { kind: ' ', text: 'keep' },
                { kind: '-', text: 'drop' },
                { kind: '+', text: 'take' },
                { kind: ' ', text: '' },
              ],
            },
            {
              hint: 12,
              anchor: undefined,
              endOfFile: true,
              lines: [
                { kind: ' ', text: 'tail' },
                { kind: '+', text: 'end' },
              ],
            },
          ],
        },
      ],
    });
  });

  it('ignores one Environment ID line and treats lines before the first @@ as a hunk', () => {
    const parsed = parsePatch(
      '*** Begin Patch\n*** Environment ID: x\n*** Update File: a\n-a\n+b\n*** End Patch',
    );
    expect(parsed).toEqual({
      success: true,
      operations: [
        {
          type: 'update',
          path: 'a',
          moveTo: undefined,
          hunks: [
            {
              hint: undefined,
              anchor: undefined,
              endOfFile: false,
              lines: [
                { kind: '-', text: 'a' },
                { kind: '+', text: 'b' },
              ],
            },
          ],
        },
      ],
    });
  });

  it.each([
    ['', "Invalid patch: The first line must be '*** Begin Patch'"],
    [
      '*** Begin Patch\n*** Add File: a\n+x',
      "Invalid patch: The last line must be '*** End Patch'",
    ],
    ['*** Begin Patch\n*** End Patch', 'Invalid patch: At least one file operation is required'],
    [wrap('*** Add File: '), 'Invalid patch at line 2: Missing file path'],
    [wrap('*** Add File: a\nx'), "Invalid patch at line 3: Add lines must start with '+'"],
    [wrap('*** Add File: a'), 'Invalid patch at line 2: Add File requires content'],
    [wrap('*** Update File: a'), 'Invalid patch at line 2: Update File requires a hunk'],
    [wrap('*** Update File: a\n@@\n?x'), 'Invalid patch at line 4: Invalid update line'],
    [wrap('garbage'), 'Invalid patch at line 2: Expected a file operation'],
  ])('rejects %j', (patch, message) => {
    expect(parsePatch(patch)).toEqual({ success: false, message });
  });

  it('allows a move without hunks and keeps an indented marker as content', () => {
    const parsed = parsePatch(wrap('*** Update File: a\n*** Move to: b'));
    expect(parsed.success && parsed.operations[0]).toEqual({
      type: 'update',
      path: 'a',
      moveTo: 'b',
      hunks: [],
    });
    const indented = parsePatch(wrap('*** Update File: a\n@@\n  *** End of File\n+x'));
    expect(indented.success && indented.operations[0]).toMatchObject({
      hunks: [
        {
          lines: [
            { kind: ' ', text: ' *** End of File' },
            { kind: '+', text: 'x' },
          ],
        },
      ],
    });
  });
});
