import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from './testing/workspace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace();
  await workspace.write('src/a.ts', 'export const a = 1;\n');
  await workspace.write('src/deep/b.ts', 'export const b = 2;\n');
  await workspace.write('src/notes.md', 'alpha\nbeta\n');
  await workspace.write('edit/target.txt', 'one\ntwo\nthree\n');
});
afterAll(() => workspace.dispose());

/** Runs one ToolCall script and returns its status and printed value, ids and times masked. */
async function script(expression: string): Promise<{ status: string; result: string }> {
  const { status, result } = await workspace.run('ToolCall', { expression });
  return { status, result: stable(result) };
}

function stable(text: unknown): string {
  return String(text)
    .replace(/wall_time_seconds=(\\*)"[0-9.]+\\*"/g, 'wall_time_seconds=$1"T$1"')
    .replace(/execution_id=(\\*)"[^"\\]+\\*"/g, 'execution_id=$1"ID$1"');
}

// The execution id a yielded Bash or Monitor result names, extracted inside the script.
const ID_OF = String.raw`(defun id-of (text)
  (let ((start (+ (string-search "execution_id=\"" text) 14)))
    (substring text start (string-search "\"" text start))))`;

describe('Glob from a ToolCall script', () => {
  it('returns absolute paths the script can split, and a no-match as a success', async () => {
    const { status, result } = await script(
      '(list (sort (split-string (Glob :pattern "src/**/*.ts") "\\n" t)) (Glob :pattern "missing/*.ts"))',
    );
    const root = workspace.root;
    expect({ status, result }).toEqual({
      status: 'success',
      result: `(("${path.join(root, 'src/a.ts')}" "${path.join(root, 'src/deep/b.ts')}") "No files found matching pattern")`,
    });
  });

  it("returns the contracts' pattern errors as guest values", async () => {
    expect(
      await script(
        '(list (Glob :pattern "/etc/*") (Glob :pattern "../*") (Glob :pattern "") (Glob :pattern "*" :path "src/notes.md"))',
      ),
    ).toEqual({
      status: 'success',
      result: `((:error "Glob pattern must be relative") (:error "Glob pattern must not traverse parent directories") (:error "Pattern must not be empty") (:error "Path src/notes.md is not a readable directory"))`,
    });
  });
});

describe('Grep from a ToolCall script', () => {
  it('returns content lines, and a bad regex or paging error as guest values', async () => {
    const { status, result } = await script(
      '(list (Grep :pattern "beta" :path "src" :output_mode "content") (Grep :pattern "foo(") (Grep :pattern "alpha" :offset 5) (Grep :pattern "x" :head_limit -1))',
    );
    const notes = path.join(workspace.root, 'src/notes.md');
    expect({ status, result }).toEqual({
      status: 'success',
      result: [
        `("${notes}`,
        `2:beta" (:error "search failed (exit code 2). Narrow :path, :glob, :type, or :pattern.`,
        'rg: regex parse error:',
        '    (?:foo()',
        '    ^',
        'error: unclosed group") (:error "Offset 5 starts after the last of 1 output lines.  Lower :offset or repeat the search.") (:error "Grep :head_limit must be 0 or greater"))',
      ].join('\n'),
    });
  });
});

describe('ApplyPatch from a ToolCall script', () => {
  it('returns a context mismatch with the nearest lines and leaves the file as it was', async () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: edit/new.txt',
      '+fresh',
      '*** Update File: edit/target.txt',
      '@@',
      ' one',
      '-TWO',
      '+deux',
      '*** End Patch',
    ].join('\\n');
    const { status, result } = await script(`(list (ApplyPatch :patch "${patch}"))`);
    expect({ status, result }).toEqual({
      status: 'success',
      result:
        '((:error "Patch hunk does not match edit/target.txt (hunk 1). Nearest candidate at line 1 (1 of 2 lines match):\n1\tone\n2\ttwo"))',
    });
    // Atomic across files: the file the patch would add was not written either.
    expect(await readFile(path.join(workspace.root, 'edit/target.txt'), 'utf8')).toBe(
      'one\ntwo\nthree\n',
    );
    await expect(readFile(path.join(workspace.root, 'edit/new.txt'))).rejects.toThrow(/ENOENT/);
  });
});

describe('execution tools from a ToolCall script', () => {
  it('types into a yielded PTY command with WriteStdin and reads its answer', async () => {
    const { status, result } = await script(
      String.raw`${ID_OF}
(let* ((started (Bash :command "read -r line; echo \"got:$line\"" :description "prompt" :tty t :yield_time_ms 250))
       (typed (WriteStdin :execution_id (id-of started) :chars "abc\n" :yield_time_ms 30000)))
  (list (string-search "state=\"running\"" started) typed))`,
    );
    // The started command was running; the typed line's answer ends the command. A login
    // shell's profile may print to the terminal too, so only these parts are fixed.
    expect(status).toBe('success');
    expect(result).toMatch(/^\(\d+ "/);
    expect(result).toMatch(/got:abc\r?\n/);
    expect(result).toMatch(
      /<bash-execution execution_id=\\"ID\\" command=\\"read -r line; echo &quot;got:\$line&quot;\\" state=\\"completed\\" termination=\\"exited\\" exit_code=\\"0\\" outcome=\\"success\\" .*tty=\\"true\\"\/>"\)$/s,
    );
  });

  it('stops a yielded Bash command and a Monitor watcher, and polls a finished watcher', async () => {
    const { status, result } = await script(
      `${ID_OF}
(let* ((bash (Bash :command "echo tick; sleep 300" :description "wait" :yield_time_ms 250))
       (monitor (Monitor :command "echo event; sleep 300" :description "watcher"))
       (listed (ListExecutions))
       (stopped (list (StopExecution :execution_id (id-of bash))
                      (StopExecution :execution_id (id-of monitor))))
       (short (Monitor :command "echo done" :description "short watcher"))
       (polled (WriteStdin :execution_id (id-of short))))
  (list monitor listed stopped polled (ListExecutions) (StopExecution :execution_id "exec-nope")))`,
    );
    // How much the long commands printed before each snapshot depends on timing (and a login
    // shell's profile may print too), so their output is masked.
    const shown = result
      .replace(/output_bytes=\\"\d+\\" output_lines=\\"\d+\\"/g, 'OUTPUT')
      .replace(/ \("[^"<]*</, ' ("<')
      .replace(/" "event\n\n</, '" "<');
    // Inside the printed list, the quotes of each string are escaped.
    const running = (command: string) =>
      quoted(
        `<bash-execution execution_id="ID" command="${command}" state="running" wall_time_seconds="T" OUTPUT tty="false"/>`,
      );
    const stopped = (command: string) =>
      quoted(
        `<bash-execution execution_id="ID" command="${command}" state="completed" termination="stopped" outcome="failure" wall_time_seconds="T" OUTPUT tty="false"/>`,
      );
    expect({ status, shown }).toEqual({
      status: 'success',
      shown: [
        `("Watching: watcher. Stdout lines arrive as MONITOR events and the end as one MONITOR_TERMINAL record; poll the whole output with WriteStdin or stop it with StopExecution.`,
        '',
        `${running('echo event; sleep 300')}" "${running('echo tick; sleep 300')}`,
        `${running('echo event; sleep 300')}" ("${stopped('echo tick; sleep 300')}" "${stopped('echo event; sleep 300')}") "done`,
        '',
        `${quoted('<bash-execution execution_id="ID" command="echo done" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" OUTPUT tty="false"/>')}" "No yielded executions." (:error "Unknown execution id: exec-nope"))`,
      ].join('\n'),
    });
  });
});

function quoted(text: string): string {
  return text.replaceAll('"', '\\"');
}
