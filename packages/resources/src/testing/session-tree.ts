import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodeResourcesOptions } from '../node/node-options.js';

/** A real workspace with one of everything, plus an outside directory holding a secret. */
export interface SessionTree {
  readonly base: string;
  readonly workspace: string;
  readonly outside: string;
  readonly session: string;
  readonly options: NodeResourcesOptions;
  readonly localMemoryKey: string;
  readonly globalMemoryKey: string;
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Builds the tree in a fresh temporary directory. */
export function createSessionTree(): SessionTree {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'resources-tree-')));
  const workspace = path.join(base, 'workspace');
  const outside = path.join(base, 'outside');
  const dot = path.join(workspace, '.toolcall');
  const session = path.join(dot, 'sessions', 's1');
  const config = path.join(base, 'config');
  const home = path.join(base, 'home');
  write(path.join(outside, 'secret.txt'), 'SECRET\n');
  write(path.join(session, 'work', 'note.md'), 'hello work\n');
  write(path.join(session, 'work', 'sub', 'deep.txt'), 'deep\n');
  symlinkSync(outside, path.join(session, 'work', 'escape'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(session, 'work', 'secret-link'));
  symlinkSync(path.join(session, 'work', 'sub'), path.join(session, 'work', 'inner'));
  symlinkSync('../../../../../outside/secret.txt', path.join(session, 'work', 'relative-escape'));
  write(path.join(session, 'artifacts', 'bash-1.txt'), 'persisted output\n');
  write(path.join(session, 'history', 'segment-1.md'), '# Turn 1\n');
  write(path.join(dot, 'sessions', 's0', 'history', 'old.md'), '# Old\n');
  mkdirSync(path.join(dot, 'sessions', 'linked'), { recursive: true });
  symlinkSync(outside, path.join(dot, 'sessions', 'linked', 'history'));
  write(path.join(dot, 'work', 'shared.md'), 'workspace scratch\n');
  write(path.join(dot, 'memory', 'MEMORY.md'), '- topic a\n');
  write(path.join(dot, 'memory', 'topics', 'a.md'), 'remember a\n');
  write(path.join(config, 'memory', 'global.md'), 'global memory\n');
  write(path.join(dot, 'journal', '2024-01-01T00:00:00.md'), 'journal entry\n');
  write(path.join(dot, 'skills', 'pdf', 'SKILL.md'), '# PDF skill\n');
  write(path.join(dot, 'skills', 'pdf', 'scripts', 'run.sh'), 'echo pdf\n');
  write(path.join(home, '.agents', 'skills', 'review', 'SKILL.md'), '# Review\n');
  write(path.join(base, 'docs', 'index.md'), '# Docs\n');
  write(path.join(base, 'docs', 'tools', 'files.md'), '# Files\n');
  write(path.join(base, 'docs', 'tools', 'script.js'), 'not docs\n');
  const key = (directory: string) => createHash('sha256').update(directory).digest('hex');
  return {
    base,
    workspace,
    outside,
    session,
    options: {
      workspace,
      sessionId: 's1',
      configDirectory: config,
      homeDirectory: home,
      docsDirectory: path.join(base, 'docs'),
    },
    localMemoryKey: key(path.join(dot, 'memory')),
    globalMemoryKey: key(path.join(config, 'memory')),
  };
}
