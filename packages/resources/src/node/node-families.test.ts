import { readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResourceOperation } from '../operation-matrix.js';
import type { ResourceOutcome } from '../outcome-types.js';
import { createSessionTree } from '../testing/session-tree.js';
import { createNodeResources } from './create-node-resources.js';

const tree = createSessionTree();
const resolver = createNodeResources(tree.options);
const decoder = new TextDecoder();
afterAll(() => rmSync(tree.base, { recursive: true, force: true }));

// A comparable digest of an outcome; search roots are summarised by address only.
function summarize(outcome: ResourceOutcome): unknown {
  switch (outcome.kind) {
    case 'file':
      return { file: decoder.decode(outcome.data), media: outcome.media };
    case 'listing':
      return {
        listing: outcome.entries.map(
          (entry) =>
            `${entry.address}${entry.kind === 'directory' ? '/' : ''}${entry.label ? ` [${entry.label}]` : ''}`,
        ),
      };
    case 'search':
      return {
        search: outcome.roots.map((root) => root.address),
        include: outcome.include,
        rewritten: outcome.roots.map((root) =>
          outcome.rewriter.rewrite(`${root.backingPath}/x y.md:1:hit`),
        ),
      };
    default:
      return outcome;
  }
}

// Every result, error and rewritten helper line must be free of backing paths.
async function run(operation: ResourceOperation, address: string): Promise<unknown> {
  const result = await runUnchecked(operation, address);
  expect(JSON.stringify(result)).not.toContain(tree.base);
  return result;
}

async function runUnchecked(operation: ResourceOperation, address: string): Promise<unknown> {
  const prepared = resolver.prepare(operation, address);
  if (!prepared.success) return { prepare: prepared.error.code, message: prepared.error.message };
  const outcome = await resolver.execute(prepared.value.attempt);
  if (!outcome.success) return { execute: outcome.error.code, message: outcome.error.message };
  return summarize(outcome.value);
}

const memoryLocal = `memory://${tree.localMemoryKey}`;
const memoryGlobal = `memory://${tree.globalMemoryKey}`;

describe('createNodeResources on a real session directory', () => {
  it.each([
    [
      'read',
      'work://',
      {
        listing: [
          'work://escape',
          'work://inner',
          'work://note.md',
          'work://relative-escape',
          'work://secret-link',
          'work://sub/',
        ],
      },
    ],
    ['read', 'work://note.md', { file: 'hello work\n', media: true }],
    ['read', 'work://sub', { listing: ['work://sub/deep.txt'] }],
    ['read', 'work://inner/deep.txt', { file: 'deep\n', media: true }],
    [
      'glob',
      'work://sub',
      { search: ['work://sub'], include: [], rewritten: ['work://sub/x y.md:1:hit'] },
    ],
    [
      'grep',
      'work://note.md',
      { search: ['work://note.md'], include: [], rewritten: ['work://note.md/x y.md:1:hit'] },
    ],
    ['read', 'work://shared', { listing: ['work://shared/shared.md'] }],
    ['read', 'work://shared/shared.md', { file: 'workspace scratch\n', media: true }],
    ['read', 'artifact://', { listing: ['artifact://bash-1.txt'] }],
    ['read', 'artifact://bash-1.txt', { file: 'persisted output\n', media: true }],
    [
      'grep',
      'artifact://bash-1.txt',
      {
        search: ['artifact://bash-1.txt'],
        include: [],
        rewritten: ['artifact://bash-1.txt/x y.md:1:hit'],
      },
    ],
    ['read', 'history://saved', { listing: ['history://saved/s0/', 'history://saved/s1/'] }],
    ['read', 'history://saved/s1', { listing: ['history://saved/s1/segment-1.md'] }],
    ['read', 'history://saved/s0/old.md', { file: '# Old\n', media: false }],
    [
      'grep',
      'history://saved',
      {
        search: ['history://saved/s0', 'history://saved/s1'],
        include: [],
        rewritten: ['history://saved/s0/x y.md:1:hit', 'history://saved/s1/x y.md:1:hit'],
      },
    ],
    [
      'read',
      'memory://root',
      {
        listing: [
          `${memoryLocal}/MEMORY.md [local]`,
          `${memoryLocal}/topics/ [local]`,
          `${memoryGlobal}/global.md [global]`,
        ],
      },
    ],
    [
      'glob',
      'memory://root',
      {
        search: [memoryLocal, memoryGlobal],
        include: [],
        rewritten: [`${memoryLocal}/x y.md:1:hit`, `${memoryGlobal}/x y.md:1:hit`],
      },
    ],
    ['read', `${memoryLocal}/topics/a.md`, { file: 'remember a\n', media: false }],
    ['read', 'memory://journal/', { listing: ['memory://journal/2024-01-01T00%3A00%3A00.md'] }],
    [
      'read',
      'memory://journal/2024-01-01T00%3A00%3A00.md',
      { file: 'journal entry\n', media: false },
    ],
    ['read', 'toolcall://', { listing: ['toolcall://index.md', 'toolcall://tools/files.md'] }],
    ['read', 'toolcall://tools', { listing: ['toolcall://tools/files.md'] }],
    ['read', 'toolcall://tools/files.md', { file: '# Files\n', media: false }],
    [
      'grep',
      'toolcall://',
      {
        search: ['toolcall://'],
        include: ['*.md'],
        rewritten: ['toolcall://x%20y.md:1:hit'.replace('%20', ' ')],
      },
    ],
    [
      'read',
      'toolcall://tools/script.js',
      { execute: 'not-found', message: 'toolcall://tools/script.js does not exist' },
    ],
    [
      'read',
      'work://missing.txt',
      { execute: 'not-found', message: 'work://missing.txt does not exist' },
    ],
    [
      'glob',
      'work://note.md',
      { execute: 'not-a-directory', message: 'work://note.md is not a readable directory' },
    ],
    [
      'read',
      `memory://${'0'.repeat(64)}/x.md`,
      { execute: 'not-found', message: `memory://${'0'.repeat(64)}/x.md does not exist` },
    ],
  ] as const)('%s %s', async (operation, address, expected) => {
    expect(await run(operation, address)).toEqual(expected);
  });

  it('lists skills by alias and exact locator and reads through both', async () => {
    const listing = (await run('read', 'skill://')) as { listing: string[] };
    const exact = listing.listing
      .find((address) => address.startsWith('skill://pdf@'))!
      .slice(0, -1);
    expect(listing.listing.filter((address) => !address.includes('@'))).toEqual([
      'skill://local-toolcall/pdf/',
      'skill://global-agents/review/',
    ]);
    const alias = resolver.prepare('read', 'skill://local-toolcall/pdf/SKILL.md');
    expect(alias.success && alias.value.facts).toEqual({
      operation: 'read',
      access: 'read',
      scheme: 'skill',
      family: 'skill',
      address: 'skill://local-toolcall/pdf/SKILL.md',
      target: `${exact}/SKILL.md`,
      scope: 'workspace',
    });
    expect([
      await run('read', 'skill://local-toolcall/pdf/SKILL.md'),
      await run('read', `${exact}/scripts`),
      await run('glob', exact),
      await run('read', 'skill://bundled/pdf'),
    ]).toEqual([
      { file: '# PDF skill\n', media: true },
      { listing: [`${exact}/scripts/run.sh`] },
      { search: [exact], include: [], rewritten: [`${exact}/x y.md:1:hit`] },
      { execute: 'not-found', message: 'skill://bundled/pdf does not name an available skill' },
    ]);
  });

  it('refuses symlink escapes at prepare without naming the backing path', async () => {
    const results = await Promise.all(
      [
        'work://escape',
        'work://escape/secret.txt',
        'work://secret-link',
        'work://relative-escape',
        'history://saved/linked',
        'history://saved/linked/secret.txt',
      ].map((address) => run('read', address)),
    );
    expect(results).toEqual([
      { prepare: 'outside-root', message: 'work://escape resolves outside its resource root' },
      {
        prepare: 'outside-root',
        message: 'work://escape/secret.txt resolves outside its resource root',
      },
      { prepare: 'outside-root', message: 'work://secret-link resolves outside its resource root' },
      {
        prepare: 'outside-root',
        message: 'work://relative-escape resolves outside its resource root',
      },
      {
        prepare: 'outside-root',
        message: 'history://saved/linked resolves outside its resource root',
      },
      {
        prepare: 'outside-root',
        message: 'history://saved/linked/secret.txt resolves outside its resource root',
      },
    ]);
    expect(JSON.stringify(results)).not.toContain(tree.base);
  });

  it('re-checks containment at execute for a symlink planted after prepare', async () => {
    const read = resolver.prepare('read', 'work://planted.txt');
    const write = resolver.prepare('apply-patch', 'work://planted-write.txt');
    if (!read.success || !write.success) throw new Error('expected both to prepare');
    const writable = await resolver.execute(write.value.attempt);
    if (!writable.success || writable.value.kind !== 'writable')
      throw new Error('expected a writable file');
    symlinkSync(
      path.join(tree.outside, 'secret.txt'),
      path.join(tree.session, 'work', 'planted.txt'),
    );
    symlinkSync(
      path.join(tree.outside, 'secret.txt'),
      path.join(tree.session, 'work', 'planted-write.txt'),
    );
    const results = [
      await resolver.execute(read.value.attempt),
      await resolver.execute(write.value.attempt),
      await writable.value.file.read(),
      await writable.value.file.write('overwrite\n'),
      await writable.value.file.remove(),
    ];
    expect(
      results.map((result) =>
        result.success ? 'ok' : `${result.error.code}: ${result.error.message}`,
      ),
    ).toEqual([
      'outside-root: work://planted.txt resolves outside its resource root',
      'outside-root: work://planted-write.txt resolves outside its resource root',
      'outside-root: work://planted-write.txt resolves outside its resource root',
      'outside-root: work://planted-write.txt resolves outside its resource root',
      'ok',
    ]);
    expect(readFileSync(path.join(tree.outside, 'secret.txt'), 'utf8')).toBe('SECRET\n');
  });

  it('writes, reads back and removes through ApplyPatch attempts, creating parents and keeping modes', async () => {
    const prepared = resolver.prepare('apply-patch', 'work://plans/new%20plan.md');
    if (!prepared.success) throw prepared.error;
    const outcome = await resolver.execute(prepared.value.attempt);
    if (!outcome.success || outcome.value.kind !== 'writable')
      throw new Error('expected a writable file');
    const file = outcome.value.file;
    const before = await file.read();
    const written = await file.write('plan\n', { mode: 0o600 });
    const after = await file.read();
    const mode = statSync(path.join(tree.session, 'work', 'plans', 'new plan.md')).mode & 0o777;
    await file.write('plan v2\n');
    const keptMode = statSync(path.join(tree.session, 'work', 'plans', 'new plan.md')).mode & 0o777;
    const removed = await file.remove();
    const gone = await file.read();
    expect([
      before,
      written,
      after.success && decoder.decode(after.value),
      mode,
      keptMode,
      removed,
      gone,
    ]).toEqual([
      { success: true, value: undefined },
      { success: true, value: undefined },
      'plan\n',
      0o600,
      0o600,
      { success: true, value: undefined },
      { success: true, value: undefined },
    ]);
  });

  it('gives ApplyPatch memory file descendants and refuses directories', async () => {
    const memoryFile = resolver.prepare('apply-patch', `${memoryLocal}/topics/b.md`);
    const directory = resolver.prepare('apply-patch', 'work://sub');
    if (!memoryFile.success || !directory.success) throw new Error('expected both to prepare');
    const [memoryOutcome, directoryOutcome] = await Promise.all([
      resolver.execute(memoryFile.value.attempt),
      resolver.execute(directory.value.attempt),
    ]);
    if (!memoryOutcome.success || memoryOutcome.value.kind !== 'writable')
      throw new Error('writable');
    if (!directoryOutcome.success || directoryOutcome.value.kind !== 'writable')
      throw new Error('writable');
    expect([
      memoryFile.value.facts.scope,
      await memoryOutcome.value.file.write('b\n'),
      await run('read', `${memoryLocal}/topics/b.md`),
      await directoryOutcome.value.file.write('x'),
    ]).toEqual([
      'workspace',
      { success: true, value: undefined },
      { file: 'b\n', media: false },
      expect.objectContaining({
        success: false,
        error: expect.objectContaining({
          code: 'not-a-file',
          message: 'Cannot patch a directory: work://sub',
        }),
      }),
    ]);
  });

  it('truncates listings at listLimit', async () => {
    const prepared = resolver.prepare('read', 'work://');
    if (!prepared.success) throw prepared.error;
    const outcome = await resolver.execute(prepared.value.attempt, { listLimit: 2 });
    expect(
      outcome.success &&
        outcome.value.kind === 'listing' && [outcome.value.entries.length, outcome.value.truncated],
    ).toEqual([2, true]);
  });

  it('serves toolcall:// without a session and refuses session families', async () => {
    const sessionless = createNodeResources({ ...tree.options, sessionId: undefined });
    const docs = sessionless.prepare('read', 'toolcall://index.md');
    const work = sessionless.prepare('read', 'work://note.md');
    expect([docs.success, work.success ? undefined : work.error.message]).toEqual([
      true,
      'work://note.md needs a session',
    ]);
  });
});
