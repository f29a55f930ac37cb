import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PIXEL_PNG } from '../shared/conversation.js';

const program = fileURLToPath(new URL('../dist/embed/main.js', import.meta.url));
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function workspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'toolcall-embed-'));
  directories.push(root);
  writeFileSync(path.join(root, 'pixel.png'), PIXEL_PNG);
  writeFileSync(path.join(root, 'notes.txt'), 'alpha\nbeta\n');
  return root;
}

/** Runs the embedding program on a script; its exit code, stdout and stderr. */
function embed(root: string, script: string) {
  const file = path.join(root, 'script.el');
  writeFileSync(file, script);
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [program, root, file], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sessionFiles = (root: string, folder: string) => {
  const sessions = path.join(root, '.toolcall', 'sessions');
  return readdirSync(sessions).flatMap((id) => {
    try {
      return readdirSync(path.join(sessions, id, folder)).map((name) =>
        path.join(sessions, id, folder, name),
      );
    } catch {
      return [];
    }
  });
};

describe('the embedding example', () => {
  it('runs a composed script, draws its child rows and keeps an oversized output in the session', async () => {
    const root = workspace();
    const { code, stdout, stderr } = await embed(
      root,
      '(list (Read :file_path "notes.txt") (Bash :command "seq 1 30000" :description "count"))',
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^▾ ToolCall: 2 calls/);
    expect(stdout).toMatch(/Read notes\.txt/);
    expect(stdout).toMatch(/Bash/);
    expect(stderr).toMatch(/^model: \d+ characters, 0 media/);
    // The script's value holds Bash's bounded preview; the whole output is the session's.
    const artifacts = sessionFiles(root, 'artifacts');
    expect(artifacts.length).toBeGreaterThan(0);
    expect(artifacts.map((file) => readFileSync(file, 'utf8')).join('')).toContain('29999\n30000');
  });

  it('draws a one-call script as that call and sends its image as media', async () => {
    const root = workspace();
    const { code, stdout, stderr } = await embed(root, '(Read :file_path "pixel.png")');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^▾ Read pixel\.png/);
    expect(stderr).toMatch(/^model: \d+ characters, 1 media\n$/);
    expect(sessionFiles(root, 'media').length).toBeGreaterThan(0);
  });

  it('exits 1 on a failing script, with its row drawn', async () => {
    const root = workspace();
    const { code, stdout } = await embed(root, '(Read :file_path "missing.txt")');
    expect(code).toBe(1);
    expect(stdout).toMatch(/Read: missing\.txt — Error: File missing\.txt does not exist/);
  });
});
