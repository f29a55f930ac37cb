import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/fixtures.js';
import { planProtectedPath } from './protected-paths.js';

describe('planProtectedPath', () => {
  it('masks each kind of path on its own terms', () => {
    const root = temporaryDirectory('exec-protect-');
    mkdirSync(join(root, 'dir'));
    writeFileSync(join(root, 'file'), 'x');
    symlinkSync(join(root, 'dir'), join(root, 'link'));
    symlinkSync(join(root, 'missing-target'), join(root, 'dangling'));
    mkdirSync(join(root, 'repo', '.git'), { recursive: true });
    const writable = [root];
    expect([
      planProtectedPath(join(root, 'dir'), writable),
      planProtectedPath(join(root, 'file'), writable),
      planProtectedPath(join(root, 'link'), writable),
      planProtectedPath(join(root, 'repo', '.git', 'hooks'), writable),
      planProtectedPath(join(root, 'nothing', 'here'), writable),
      planProtectedPath(join(root, 'dangling'), []),
      planProtectedPath(join(root, 'dangling'), writable).kind,
    ]).toEqual([
      { kind: 'mask-directory', path: join(root, 'dir') },
      { kind: 'mask-file', path: join(root, 'file') },
      { kind: 'mask-directory', path: join(root, 'dir') },
      { kind: 'mask-directory', path: join(root, 'repo', '.git', 'hooks') },
      { kind: 'absent', path: join(root, 'nothing', 'here') },
      { kind: 'absent', path: join(root, 'dangling') },
      'refuse',
    ]);
  });

  it('leaves hooks alone when .git is a file, as in a git worktree', () => {
    const root = temporaryDirectory('exec-protect-worktree-');
    writeFileSync(join(root, '.git'), 'gitdir: /elsewhere/.git/worktrees/w\n');
    expect(planProtectedPath(join(root, '.git', 'hooks'), [root])).toEqual({
      kind: 'absent',
      path: join(root, '.git', 'hooks'),
    });
  });
});
