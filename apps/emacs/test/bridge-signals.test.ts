import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startBridge } from './bridge-client.js';

const EXIT_CODES = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 } as const;

/** The live processes whose command line holds `text` as an argument (zombies excluded). */
function holders(text: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(text)) continue;
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${name}/stat`, 'utf8'))) continue;
      found.push(Number(name));
    } catch {
      // Gone while looked at.
    }
  }
  return found;
}

/** Resolves once `check` holds; fails after `limitMs` (a bound, not an expected duration). */
async function eventually(check: () => boolean, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let serial = 0;

describe('the bridge ended by a signal', () => {
  for (const signal of Object.keys(EXIT_CODES) as (keyof typeof EXIT_CODES)[]) {
    it(`stops the processes its calls started on ${signal} and exits ${EXIT_CODES[signal]}`, async () => {
      serial += 1;
      const text = `300.${process.pid}${String(serial).padStart(3, '0')}`;
      const dir = mkdtempSync(join(tmpdir(), 'toolcall-bridge-signal-'));
      const bridge = startBridge(dir);
      onTestFinished(() => {
        bridge.child.kill('SIGKILL');
        for (const pid of holders(text)) process.kill(pid, 'SIGKILL');
      });
      const exited = new Promise<number | null>((resolve) =>
        bridge.child.once('exit', (code) => resolve(code)),
      );
      await bridge.request(1, 'initialize', { workspace: dir, mode: 'full-auto' });
      const reply = await bridge.request(2, 'tools/call', {
        name: 'Bash',
        arguments: { command: `sleep ${text}; true`, description: 'wait', yield_time_ms: 500 },
      });
      expect(reply).toMatchObject({ id: 2, result: { status: 'success' } });
      await eventually(() => holders(text).length > 0, 'the sleeper to start');
      bridge.child.kill(signal);
      expect(await exited).toBe(EXIT_CODES[signal]);
      await eventually(() => holders(text).length === 0, `no sleeper left after ${signal}`);
    });
  }
});
