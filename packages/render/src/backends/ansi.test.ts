import { describe, expect, it } from 'vitest';
import { makeRow, makeTree } from '../testing/fixtures.js';
import { renderAnsi, useColor } from './ansi.js';
import { renderPlain } from './plain.js';

const esc = '\u001b';

describe('useColor', () => {
  it('colours only on a TTY without NO_COLOR unless forced', () => {
    expect([
      useColor({}),
      useColor({ isTTY: true }),
      useColor({ isTTY: true, env: { NO_COLOR: '1' } }),
      useColor({ isTTY: true, env: { NO_COLOR: '' } }),
      useColor({ isTTY: false, color: true }),
      useColor({ isTTY: true, color: false }),
    ]).toEqual([false, true, false, true, true, false]);
  });
});

describe('renderAnsi', () => {
  const tree = makeTree(
    makeRow({
      header: 'ApplyPatch x',
      expanded: true,
      bodyMode: 'diff',
      body: '@@ -1 +1 @@\n-a\n+b',
      children: [],
    }),
    makeRow({
      header: 'Grep',
      expanded: true,
      bodyMode: 'grep',
      body: 'src/a.ts\n3:hit\n4-ctx\n--',
      children: [],
    }),
    makeRow({ header: 'Read', status: 'error' }),
    makeRow({ header: 'Glob', status: 'warning' }),
    makeRow({ header: 'Bash', status: 'denied' }),
    makeRow({ header: 'Wait', status: 'interrupted' }),
    makeRow({ header: 'Stop', status: 'cancelled' }),
  );

  it('matches the plain text when colour is off', () => {
    expect(renderAnsi(tree, { isTTY: false })).toBe(renderPlain(tree));
    expect(renderAnsi(tree, { isTTY: true, env: { NO_COLOR: 'yes' } })).toBe(renderPlain(tree));
  });

  it('paints a red × and ⊗, a yellow !, a faint ↯ and ⊘, and diff and grep lines on a TTY', () => {
    expect(renderAnsi(tree, { isTTY: true, env: {} })).toBe(
      [
        `${esc}[2m▾${esc}[0m ApplyPatch x`,
        `  ${esc}[36m@@ -1 +1 @@${esc}[0m`,
        `  ${esc}[31m-a${esc}[0m`,
        `  ${esc}[32m+b${esc}[0m`,
        `${esc}[2m▾${esc}[0m Grep`,
        `  ${esc}[35msrc/a.ts${esc}[0m`,
        `  ${esc}[32m3:${esc}[0mhit`,
        `  ${esc}[32m4-${esc}[0m${esc}[2mctx${esc}[0m`,
        `  ${esc}[2m--${esc}[0m`,
        `${esc}[2m▸${esc}[0m ${esc}[1;31m×${esc}[0m Read`,
        `${esc}[2m▸${esc}[0m ${esc}[1;33m!${esc}[0m Glob`,
        `${esc}[2m▸${esc}[0m ${esc}[1;31m⊗${esc}[0m Bash`,
        `${esc}[2m▸${esc}[0m ${esc}[2m↯${esc}[0m Wait`,
        `${esc}[2m▸${esc}[0m ${esc}[2m⊘${esc}[0m Stop`,
        '',
      ].join('\n'),
    );
  });

  it('never passes escape sequences from tool output through', () => {
    const hostile = makeTree(
      makeRow({ header: `x${esc}]0;title${esc}\\`, expanded: true, body: `${esc}[31m` }),
    );
    const out = renderAnsi(hostile, { color: true });
    expect(out.replaceAll(new RegExp(`${esc}\\[[0-9;]*m`, 'g'), '')).toBe(
      '▾ x␛]0;title␛\\\n  ␛[31m\n',
    );
  });
});
