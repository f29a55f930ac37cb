import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bin, startMcpSession, tempDir } from './helpers.js';

/** Whether process `pid` still runs (a zombie waiting for its reaper has stopped). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('toolcall mcp', () => {
  it('stops at the end of stdin with exit 0, stopping the processes its calls left running', async () => {
    const cwd = tempDir();
    const server = spawn(process.execPath, [bin, 'mcp', '--sandbox', 'off', '--yes'], {
      cwd,
      env: { ...process.env, XDG_CONFIG_HOME: join(cwd, '.xdg') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    const answered = new Promise<string>((resolve) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        const line = out.split('\n').find((text) => text.includes('"id":2'));
        if (line !== undefined) resolve(line);
      });
    });
    const send = startMcpSession(server.stdin);
    // The command outlives the call: it yields while the process keeps running.
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        name: 'Bash',
        arguments: {
          command: 'echo $$ > pid.txt; exec sleep 300',
          description: 'wait',
          yield_time_ms: 500,
        },
      },
    });
    expect(await answered).toContain('state=\\"running\\"');
    // The call yields after 500 ms whether or not the shell has written its pid yet (a loaded
    // machine may take longer to start it).
    const pidFile = join(cwd, 'pid.txt');
    while (!existsSync(pidFile) || readFileSync(pidFile, 'utf8').trim() === '')
      await new Promise((resolve) => setTimeout(resolve, 20));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // Whatever happens, nothing this test started outlives it.
    onTestFinished(() => {
      if (running(pid)) process.kill(pid);
      server.kill();
    });
    expect(running(pid)).toBe(true);
    server.stdin.end();
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
    expect(running(pid)).toBe(false);
  });

  it('exits 2 naming a workspace that does not exist', async () => {
    const cwd = tempDir();
    const missing = join(cwd, 'typo-dir');
    const server = spawn(process.execPath, [bin, 'mcp', '-C', missing], { cwd });
    server.stdin.end();
    let stderr = '';
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => server.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toBe(`toolcall mcp: workspace ${missing} does not exist\n`);
    expect(existsSync(missing)).toBe(false);
  });
});
