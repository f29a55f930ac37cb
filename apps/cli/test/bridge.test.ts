import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { bin, tempDir } from './helpers.js';

describe('toolcall bridge', () => {
  it('serves the Emacs bridge protocol on stdio and exits 0 when its input ends', async () => {
    const cwd = tempDir();
    const child = spawn(process.execPath, [bin, 'bridge'], {
      cwd,
      env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') },
    });
    const lines = createInterface({ input: child.stdout });
    const reply = new Promise<Record<string, unknown>>((resolve) => {
      lines.on('line', (line) => {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (message.id === 1) resolve(message);
      });
    });
    const exit = new Promise<number | null>((resolve) => child.once('close', resolve));
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { workspace: cwd } })}\n`,
    );
    const { result } = (await reply) as {
      result: { serverInfo: { name: string }; tools: string[] };
    };
    expect(result.serverInfo.name).toBe('toolcall-bridge');
    expect(result.tools).toEqual(expect.arrayContaining(['Read', 'Bash', 'ToolCall']));
    child.stdin.end();
    expect(await exit).toBe(0);
  });

  it('exits 2 naming the entry when no bridge is built there', async () => {
    const cwd = tempDir();
    const missing = join(cwd, 'absent.js');
    const child = spawn(process.execPath, [bin, 'bridge'], {
      cwd,
      env: { ...process.env, TOOLCALL_BRIDGE: missing },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: `toolcall bridge: no bridge at ${missing} (build apps/emacs or set TOOLCALL_BRIDGE)\n`,
    });
  });
});
