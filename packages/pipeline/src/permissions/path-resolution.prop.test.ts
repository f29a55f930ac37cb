import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { nodePermissionFileSystem } from '../node/permission-file-system.js';
import { readTool } from '../testing/tools.js';
import { PermissionPolicy } from './policy.js';

let root: string;
let ws: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'policy-spellings-')));
  ws = join(root, 'ws');
  await mkdir(join(ws, 'sub', 'deeper'), { recursive: true });
  await writeFile(join(ws, 'sub', 'secret.txt'), 's');
  await writeFile(join(ws, 'sub', 'other.txt'), 'o');
  await symlink(join(ws, 'sub'), join(ws, 'lnk'));
  await symlink(join(ws, 'sub', 'secret.txt'), join(ws, 'alias.txt'));
  await link(join(ws, 'sub', 'secret.txt'), join(ws, 'hard.txt'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Ways to name `ws/sub/<file>`; `hard` and `alias` exist only for secret.txt. */
type Start = 'relative' | 'absolute' | 'home' | 'link' | 'parent' | 'alias' | 'hard';

function spell(start: Start, file: string, noise: readonly number[]): string {
  const inner = noise.map((kind) => ['./', 'deeper/../', 'missing/../', './/'][kind % 4]).join('');
  switch (start) {
    case 'relative':
      return `${inner}sub/${inner}${file}`;
    case 'absolute':
      return `${ws}/${inner}sub/${file}`;
    case 'home':
      return `~/ws/${inner}sub/${file}`;
    case 'link':
      return `${inner}lnk/${inner}${file}`;
    case 'parent':
      return `sub/deeper/../../${inner}sub/${file}`;
    case 'alias':
      return file === 'secret.txt' ? `${inner}alias.txt` : `sub/${file}`;
    case 'hard':
      return file === 'secret.txt' ? `${inner}hard.txt` : `sub/${file}`;
  }
}

const RULES = [
  { path: 'sub/secret.txt', literal: true },
  { path: () => `${ws}/sub/secret.txt`, literal: true },
  { path: '~/ws/sub/secret.txt', literal: true },
  { path: 'alias.txt', literal: true },
  { path: '**/secret.txt', literal: false },
  { path: 'sub/**', literal: false },
  { path: '~/ws/sub/*.txt', literal: false },
  { path: () => `${ws}/sub/secret*`, literal: false },
] as const;

describe('one file, many spellings (property)', () => {
  test.prop([
    fc.constantFrom<Start>('relative', 'absolute', 'home', 'link', 'parent', 'alias', 'hard'),
    fc.array(fc.nat(3), { maxLength: 3 }),
    fc.nat(RULES.length - 1),
    fc.boolean(),
  ])('gives every spelling of the denied file one decision', (start, noise, index, secret) => {
    const rule = RULES[index]!;
    const glob = typeof rule.path === 'function' ? rule.path() : rule.path;
    const policy = new PermissionPolicy(
      [
        { path: glob, action: 'deny' },
        { tool: 'Read', action: 'allow' },
      ],
      'ask',
      { workingDirectory: ws, homeDirectory: root, workspace: ws },
      { fileSystem: nodePermissionFileSystem },
    );
    const file = secret ? 'secret.txt' : 'other.txt';
    const path = spell(start, file, noise);
    const verdict = policy.decide(readTool, {
      paths: [{ path, access: 'read' }],
      pattern: undefined,
      domain: undefined,
      name: undefined,
    });
    // Every rule here has a literal leading directory, under which a hard link's other name
    // is found; a literal rule follows the link by device and inode.
    const denied = secret
      ? true
      : // sub/** and ~/ws/sub/*.txt cover the other file too.
        glob === 'sub/**' || glob.endsWith('sub/*.txt');
    expect([path, verdict.decision]).toEqual([path, denied ? 'deny' : 'allow']);
  });
});
