import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ripgrepPath } from '../../helpers/ripgrep-path.js';

/** A temporary tree of small files and a scratch working directory, as Grep runs ripgrep. */
export interface FileTree {
  readonly root: string;
  /** The files ripgrep lists (so would open) under `excludes`, relative to the root, sorted. */
  ripgrepKeeps(excludes: readonly string[]): string[];
  dispose(): Promise<void>;
}

/** Creates `files` (relative paths) under a fresh root. */
export async function createFileTree(prefix: string, files: readonly string[]): Promise<FileTree> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), `${prefix}-`)));
  const scratch = await mkdtemp(path.join(tmpdir(), `${prefix}-cwd-`));
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), 'x\n');
  }
  return {
    root,
    ripgrepKeeps(excludes) {
      let output: string;
      try {
        output = execFileSync(
          ripgrepPath(),
          ['--files', '--hidden', '--no-ignore', '--no-config', ...excludes, '--', root],
          { cwd: scratch, encoding: 'utf8' },
        );
      } catch (error) {
        // Exit code 1: no file left.
        if ((error as { status?: number }).status !== 1) throw error;
        output = '';
      }
      return output
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => path.relative(root, line))
        .sort();
    },
    dispose: async () => {
      await rm(root, { recursive: true, force: true });
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
