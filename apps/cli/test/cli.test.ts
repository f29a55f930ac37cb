import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main, usage } from '../src/main.js';

function capture() {
  const chunks = { stdout: '', stderr: '' };
  const sink = (key: 'stdout' | 'stderr') =>
    new Writable({
      write(chunk, _encoding, callback) {
        chunks[key] += String(chunk);
        callback();
      },
    });
  return { io: { stdout: sink('stdout'), stderr: sink('stderr') }, chunks };
}

describe('main', () => {
  it('prints usage and exits 0 for help', async () => {
    const { io, chunks } = capture();
    expect(await main(['help'], io)).toBe(0);
    expect(chunks).toEqual({ stdout: usage, stderr: '' });
  });

  it('names an unknown command and exits 2', async () => {
    const { io, chunks } = capture();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(chunks.stderr).toContain("unknown command 'frobnicate'");
  });
});
