import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PermissionRequest } from '@toolcall/pipeline';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';
import type { ToolSetOptions } from '../tool-set.js';
import type { PatchProposal, PatchReviewAnswer } from './patch-review.js';

const patchOf = (...lines: string[]): string =>
  ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

const TWO_HUNKS = [
  '*** Update File: src/a.txt',
  '@@',
  ' one',
  '-two',
  '+TWO',
  '@@',
  ' five',
  '-six',
  '+SIX',
];
const B_UPDATE = ['*** Update File: src/b.txt', '-alpha', '+ALPHA'];

interface Reviewed {
  readonly workspace: TestWorkspace;
  readonly proposals: PatchProposal[];
  readonly prompts: PermissionRequest[];
}

let opened: TestWorkspace[] = [];
afterEach(async () => {
  await Promise.all(opened.map((workspace) => workspace.dispose()));
  opened = [];
});

/** A real workspace in `ask` mode whose reviewer answers with `answer`. */
async function reviewed(
  answer: (proposal: PatchProposal, workspace: TestWorkspace) => unknown,
  options: Partial<ToolSetOptions> = {},
): Promise<Reviewed> {
  const proposals: PatchProposal[] = [];
  const prompts: PermissionRequest[] = [];
  const holder: { workspace?: TestWorkspace } = {};
  const workspace = await createTestWorkspace({
    permissions: { mode: 'ask' },
    askUser: (request) => {
      prompts.push(request);
      return 'allow-once';
    },
    reviewPatch: async (proposal) => {
      proposals.push(proposal);
      return answer(proposal, holder.workspace as TestWorkspace) as PatchReviewAnswer;
    },
    ...options,
  });
  holder.workspace = workspace;
  opened.push(workspace);
  await workspace.write('src/a.txt', 'one\ntwo\nthree\nfour\nfive\nsix\n');
  await workspace.write('src/b.txt', 'alpha\nbeta\n');
  await workspace.write('old.txt', 'gone\n');
  return { workspace, proposals, prompts };
}

async function snapshot(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (directory: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files[path.relative(root, full)] = await readFile(full, 'utf8');
    }
  };
  await walk(root);
  return files;
}

const read = (workspace: TestWorkspace, relative: string): Promise<string> =>
  readFile(path.join(workspace.root, relative), 'utf8');

describe('ApplyPatch review in ask mode', () => {
  it('offers every file and hunk by its authored path and applies an accepted patch', async () => {
    const { workspace, proposals, prompts } = await reviewed(() => 'accept-all');
    const outcome = await workspace.call('ApplyPatch', {
      patch: patchOf(
        ...TWO_HUNKS,
        '*** Add File: work://notes.md',
        '+note',
        '*** Delete File: old.txt',
        '*** Update File: src/b.txt',
        '*** Move to: src/c.txt',
        '-beta',
        '+BETA',
      ),
    });
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'success',
      result: [
        'Applied patch: 5 changes',
        'Applied: src/a.txt hunk 1',
        'Applied: src/a.txt hunk 2',
        'Applied: work://notes.md',
        'Applied: old.txt',
        'Applied: src/b.txt -> src/c.txt',
      ].join('\n'),
    });
    expect(prompts).toEqual([]);
    expect(proposals).toHaveLength(1);
    const proposal = proposals[0] as PatchProposal;
    expect(proposal.source).toBe('direct');
    expect(
      proposal.files.map((file) => [file.path, file.kind, file.destination, file.hunks]),
    ).toEqual([
      [
        'src/a.txt',
        'update',
        undefined,
        [
          { number: 1, diff: '@@ -1,2 +1,2 @@\n one\n-two\n+TWO', fuzzy: undefined },
          { number: 2, diff: '@@ -5,2 +5,2 @@\n five\n-six\n+SIX', fuzzy: undefined },
        ],
      ],
      ['work://notes.md', 'add', undefined, []],
      ['old.txt', 'delete', undefined, []],
      [
        'src/b.txt',
        'move',
        'src/c.txt',
        [{ number: 1, diff: '@@ -2,1 +2,1 @@\n-beta\n+BETA', fuzzy: undefined }],
      ],
    ]);
    expect(proposal.files[1]?.diff).toBe(
      '--- /dev/null\n+++ b/work://notes.md\n@@ -0,0 +1,1 @@\n+note',
    );
    expect(await snapshot(workspace.root)).toEqual({
      '.toolcall/sessions/s1/work/notes.md': 'note\n',
      'src/a.txt': 'one\nTWO\nthree\nfour\nfive\nSIX\n',
      'src/c.txt': 'alpha\nBETA\n',
    });
    expect(await workspace.toolSet.pipeline.turnDiff()).toContain('+SIX');
  });

  it('applies the accepted hunk of two and leaves the rejected one untouched', async () => {
    const { workspace } = await reviewed(() => ({
      outcome: 'review',
      files: [['accept', 'reject']],
    }));
    const outcome = await workspace.call('ApplyPatch', { patch: patchOf(...TWO_HUNKS) });
    expect(outcome.result).toBe(
      'Applied patch: 1 change\nApplied: src/a.txt hunk 1\nRejected: src/a.txt hunk 2',
    );
    expect(await read(workspace, 'src/a.txt')).toBe('one\nTWO\nthree\nfour\nfive\nsix\n');
    // The diff the row draws shows what was written, not what was proposed.
    expect(outcome.renderData).toEqual({
      files: [
        {
          path: 'src/a.txt',
          diff: '--- a/src/a.txt\n+++ b/src/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO',
        },
      ],
    });
  });

  it('rejects a whole file while applying the others', async () => {
    const { workspace } = await reviewed(() => ({
      outcome: 'review',
      files: ['reject', 'accept', 'reject'],
    }));
    const outcome = await workspace.call('ApplyPatch', {
      patch: patchOf(...TWO_HUNKS, ...B_UPDATE, '*** Delete File: old.txt'),
    });
    expect(outcome.result).toBe(
      'Applied patch: 1 change\nRejected: src/a.txt\nApplied: src/b.txt hunk 1\nRejected: old.txt',
    );
    expect(await snapshot(workspace.root)).toEqual({
      'old.txt': 'gone\n',
      'src/a.txt': 'one\ntwo\nthree\nfour\nfive\nsix\n',
      'src/b.txt': 'ALPHA\nbeta\n',
    });
  });

  it('passes the reviewer feedback to the model after the detail lines', async () => {
    const { workspace } = await reviewed(() => ({
      outcome: 'review',
      files: [['reject', 'accept']],
      feedback: '  Keep "two" lowercase.  ',
    }));
    const { status, result } = await workspace.run('ApplyPatch', { patch: patchOf(...TWO_HUNKS) });
    expect({ status, result }).toEqual({
      status: 'success',
      result: [
        'Applied patch: 1 change',
        'Rejected: src/a.txt hunk 1',
        'Applied: src/a.txt hunk 2',
        'Feedback: Keep "two" lowercase.',
      ].join('\n'),
    });
    expect(await read(workspace, 'src/a.txt')).toBe('one\ntwo\nthree\nfour\nfive\nSIX\n');
  });

  it('writes nothing when the reviewer asks for a revision', async () => {
    const { workspace } = await reviewed(() => ({
      outcome: 'revise',
      feedback: 'Split this into two patches.',
    }));
    const before = await snapshot(workspace.root);
    const { status, result } = await workspace.run('ApplyPatch', {
      patch: patchOf(...TWO_HUNKS, '*** Add File: fresh/new.txt', '+x'),
    });
    expect({ status, result }).toEqual({
      status: 'success',
      result: 'Patch revision requested\nFeedback: Split this into two patches.',
    });
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('reports a patch rejected entirely as no change', async () => {
    const { workspace } = await reviewed(() => 'reject-all');
    const before = await snapshot(workspace.root);
    const { result } = await workspace.run('ApplyPatch', {
      patch: patchOf(...TWO_HUNKS, '*** Add File: fresh/new.txt', '+x'),
    });
    expect(result).toBe('Applied patch: 0 changes\nRejected: src/a.txt\nRejected: fresh/new.txt');
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('writes nothing anywhere when an accepted hunk no longer matches without a rejected one', async () => {
    // Hunk 2 of src/a.txt needs the line hunk 1 adds; with hunk 1 rejected it cannot apply, and
    // the accepted update of src/b.txt is not written either.
    const { workspace } = await reviewed(() => ({
      outcome: 'review',
      files: ['accept', ['reject', 'accept']],
    }));
    const before = await snapshot(workspace.root);
    const { status, result } = await workspace.run('ApplyPatch', {
      patch: patchOf(
        ...B_UPDATE,
        '*** Update File: src/a.txt',
        '@@',
        ' one',
        '+inserted',
        '@@',
        ' inserted',
        ' two',
        '-three',
        '+THREE',
      ),
    });
    expect(status).toBe('error');
    expect(String(result)).toMatch(/^Error: Patch hunk does not match src\/a\.txt \(hunk 2\)/);
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('writes nothing when a file changes while the reviewer looks at it', async () => {
    const { workspace } = await reviewed(async (_, current) => {
      await writeFile(path.join(current.root, 'src/b.txt'), 'edited meanwhile\n');
      return 'accept-all';
    });
    const { status, result } = await workspace.run('ApplyPatch', {
      patch: patchOf(...TWO_HUNKS, ...B_UPDATE),
    });
    expect({ status, result }).toEqual({
      status: 'error',
      result: 'Error: File changed during review: src/b.txt',
    });
    expect(await read(workspace, 'src/a.txt')).toBe('one\ntwo\nthree\nfour\nfive\nsix\n');
  });

  it.each([
    [{ outcome: 'review', files: ['accept'] }, 'expected one verdict per proposed file (2)'],
    [
      { outcome: 'review', files: [['accept'], 'accept'] },
      'file 1 (src/a.txt): expected 2 hunk verdicts (accept or reject), received ["accept"]',
    ],
    [{ outcome: 'maybe' }, 'outcome must be review or revise, received "maybe"'],
  ])('refuses a malformed answer without writing: %j', async (answer, message) => {
    const { workspace } = await reviewed(() => answer);
    const before = await snapshot(workspace.root);
    expect(
      await workspace.run('ApplyPatch', { patch: patchOf(...TWO_HUNKS, ...B_UPDATE) }),
    ).toEqual({
      status: 'error',
      result: `Error: Patch review failed (${message}); no file was changed`,
    });
    expect(await snapshot(workspace.root)).toEqual(before);
  });

  it('writes nothing when the reviewer throws or gives hunk verdicts to an add', async () => {
    const patch = patchOf('*** Add File: fresh/new.txt', '+x', ...B_UPDATE);
    const thrown = await reviewed(() => {
      throw new Error('review window closed');
    });
    const before = await snapshot(thrown.workspace.root);
    expect(await thrown.workspace.run('ApplyPatch', { patch })).toEqual({
      status: 'error',
      result: 'Error: Patch review failed (review window closed); no file was changed',
    });
    expect(await snapshot(thrown.workspace.root)).toEqual(before);
    const misaligned = await reviewed(() => ({ outcome: 'review', files: [['accept'], 'accept'] }));
    expect(await misaligned.workspace.run('ApplyPatch', { patch })).toEqual({
      status: 'error',
      result:
        'Error: Patch review failed (file 1 (fresh/new.txt): an add has no hunks; answer accept or reject); no file was changed',
    });
    expect(await snapshot(misaligned.workspace.root)).toEqual(before);
  });

  it('lets a move keep only its accepted hunks', async () => {
    const { workspace } = await reviewed(() => ({
      outcome: 'review',
      files: [['reject', 'accept']],
    }));
    const { result } = await workspace.run('ApplyPatch', {
      patch: patchOf(
        '*** Update File: src/a.txt',
        '*** Move to: moved/a.txt',
        '@@',
        '-one',
        '+ONE',
        '@@',
        '-six',
        '+SIX',
      ),
    });
    expect(result).toBe(
      'Applied patch: 1 change\nApplied: src/a.txt -> moved/a.txt\nRejected: src/a.txt hunk 1',
    );
    expect(await snapshot(workspace.root)).toEqual({
      'moved/a.txt': 'one\ntwo\nthree\nfour\nfive\nSIX\n',
      'old.txt': 'gone\n',
      'src/b.txt': 'alpha\nbeta\n',
    });
  });

  it('applies directly in edits and full-auto mode, and when a rule allows the patch', async () => {
    for (const options of [
      { permissions: { mode: 'edits' as const } },
      { permissions: { mode: 'full-auto' as const } },
      {
        permissions: {
          mode: 'ask' as const,
          rules: [{ tool: 'ApplyPatch', action: 'allow' as const }],
        },
      },
    ]) {
      const { workspace, proposals, prompts } = await reviewed(() => 'reject-all', options);
      const { result } = await workspace.run('ApplyPatch', { patch: patchOf(...B_UPDATE) });
      expect(result).toBe('Applied patch: 1 change\nApplied: src/b.txt hunk 1');
      expect([proposals.length, prompts.length]).toEqual([0, 0]);
    }
  });

  it('keeps deny rules above the review', async () => {
    const { workspace, proposals } = await reviewed(() => 'accept-all', {
      permissions: { mode: 'ask', rules: [{ tool: 'ApplyPatch', path: 'src/**', action: 'deny' }] },
    });
    const outcome = await workspace.run('ApplyPatch', { patch: patchOf(...B_UPDATE) });
    expect(outcome.status).toBe('error');
    expect(String(outcome.result)).toContain('Permission denied: deny rule for ApplyPatch');
    expect(proposals).toEqual([]);
    expect(await read(workspace, 'src/b.txt')).toBe('alpha\nbeta\n');
  });

  it('falls back to one whole-patch prompt through askUser without a reviewer', async () => {
    const { workspace, prompts } = await reviewed(() => 'accept-all', { reviewPatch: undefined });
    const { result } = await workspace.run('ApplyPatch', { patch: patchOf(...TWO_HUNKS) });
    expect(result).toBe(
      'Applied patch: 2 changes\nApplied: src/a.txt hunk 1\nApplied: src/a.txt hunk 2',
    );
    expect(prompts.map((prompt) => [prompt.toolName, prompt.reason])).toEqual([
      ['ApplyPatch', 'ask mode'],
    ]);
  });

  it('reviews a patch a ToolCall script applies, naming the nested call', async () => {
    const { workspace, proposals, prompts } = await reviewed(() => ({
      outcome: 'review',
      files: [['accept', 'reject']],
      feedback: 'Leave six alone.',
    }));
    const expression = `(ApplyPatch :patch ${JSON.stringify(patchOf(...TWO_HUNKS))})`;
    const outcome = await workspace.run('ToolCall', { expression });
    expect(outcome).toEqual({
      status: 'success',
      result: [
        'Applied patch: 1 change',
        'Applied: src/a.txt hunk 1',
        'Rejected: src/a.txt hunk 2',
        'Feedback: Leave six alone.',
      ].join('\n'),
    });
    expect(proposals.map((proposal) => [proposal.source, proposal.parentId !== undefined])).toEqual(
      [['ptc', true]],
    );
    // The envelope is read-only and the nested patch is reviewed, so nothing prompts.
    expect(prompts).toEqual([]);
    expect(await read(workspace, 'src/a.txt')).toBe('one\nTWO\nthree\nfour\nfive\nsix\n');
  });
});
