import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir, toolcall } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const example = (name: string) => `${root}examples/${name}`;
const run = (args: readonly string[]) =>
  toolcall(['run', '-C', root, ...args], { cwd: tempDir() }).done;

// Every example runs as a user runs it: the built binary against this repository.
describe('examples', () => {
  it('tour.el explores the repository with Glob, Grep, Read and git log in parallel', async () => {
    const result = await run([example('tour.el'), '--allow', 'Bash(git log*)']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^▾ ToolCall: 4 calls\n {2}toolcall: \d+ packages \(.*interpreter.*\)\n/,
    );
    expect(result.stdout).toContain('Recent commits:');
    expect(result.stdout).toContain('┌ ▸ Glob "packages/*/package.json"');
    expect(result.stdout).toContain('└ ▸ Bash git log --oneline -5 (done');
  });

  it('doc-titles.el, todo-report.el and safe-reads.el run without asking', async () => {
    for (const name of ['doc-titles.el', 'todo-report.el', 'safe-reads.el']) {
      const result = await run([example(name)]);
      expect({ name, code: result.code }).toEqual({ name, code: 0 });
    }
  });

  it('git-activity.el runs read-only git pipelines through Bash without a rule, and a deny rule stops them', async () => {
    expect((await run([example('git-activity.el')])).code).toBe(0);
    expect((await run([example('git-activity.el'), '--deny', 'Bash(git *)'])).code).toBe(3);
  });

  it('add-note.el writes with ApplyPatch where allowed', async () => {
    const dir = tempDir();
    const result = await toolcall(
      ['run', example('add-note.el'), '--allow', 'ApplyPatch(path:notes/**)'],
      { cwd: dir },
    ).done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1\t# Hello');
  });

  it('fetch-pages.el and hello.tl pass preflight; network stays denied without a rule', async () => {
    expect((await run([example('fetch-pages.el'), '--deny', 'WebFetch'])).code).toBe(3);
    expect((await run([example('hello.tl')])).code).toBe(0);
  });
});
