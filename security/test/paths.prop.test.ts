import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { embeddedHost } from '../hosts/embedded.js';
import type { Host } from '../hosts/host.js';
import { createLayout, KEY_TEXT, removeLayout } from '../hosts/workspace.js';

/**
 * Every way to name the private key from the workspace: absolute, `~`, relative through `..`,
 * through a symlinked directory, a symlink chain, a symlink to the file, and a hard link.
 */
function baseSpellings(home: string): string[][] {
  return [
    [
      ...home
        .split('/')
        .filter(Boolean)
        .map((part, index) => (index === 0 ? `/${part}` : part)),
      '.ssh',
      'id_rsa',
    ],
    ['~', '.ssh', 'id_rsa'],
    ['..', 'home', '.ssh', 'id_rsa'],
    ['ssh-link', 'id_rsa'],
    ['chain-link', 'id_rsa'],
    ['key-link'],
    ['key-hardlink'],
  ];
}

/** Inserts `.`, `src/..` and doubled separators between the parts of a spelling. */
function respell(parts: string[], noise: readonly number[]): string {
  const out: string[] = [];
  parts.forEach((part, index) => {
    out.push(part);
    if (index === parts.length - 1) return;
    const choice = noise[index % noise.length] ?? 0;
    if (choice === 1) out.push('.');
    if (choice === 2 && part !== '~') out.push('src', '..');
    if (choice === 3) out.push('');
  });
  const text = out.join('/');
  return text.startsWith('//') ? text.slice(1) : text;
}

describe('random spellings of one file through an embedded tool set', () => {
  const layout = createLayout();
  let host: Host;
  beforeAll(async () => {
    host = await embeddedHost({
      workspace: layout.workspace,
      home: layout.home,
      policy: { mode: 'full-auto', allow: [], deny: ['Read(path:~/.ssh/**)'] },
    });
  });
  afterAll(async () => {
    await host?.close();
    removeLayout(layout.root);
  });

  test.prop(
    [fc.nat({ max: 6 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 })],
    { numRuns: 80 },
  )(
    'get one decision: the deny on ~/.ssh/** holds for every name of the key',
    async (which, noise) => {
      const parts = baseSpellings(layout.home)[which]!;
      // `src/..` after a symlinked directory leaves it: keep the noise out of link names' tails.
      const path = respell(parts, parts[0]?.endsWith('link') ? [0] : noise);
      const decided = await host.call('Read', { file_path: path });
      expect(decided.decision, path).toBe('denied');
      expect(decided.text).not.toContain(KEY_TEXT.split('\n')[1]);
    },
  );
});
