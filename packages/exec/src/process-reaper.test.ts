import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PREFIX, sweepStale } from './process-reaper.js';

// A pid no process has: above the kernel's largest pid_max.
const DEAD_PID = 4_194_305;

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('sweepStale', () => {
  it("removes a dead host's empty call groups and its base", () => {
    root = mkdtempSync(join(tmpdir(), 'toolcall-sweep-'));
    const base = join(root, `${BASE_PREFIX}${DEAD_PID}`);
    mkdirSync(join(base, 'call-1'), { recursive: true });
    sweepStale(root);
    expect(() => mkdirSync(base)).not.toThrow();
  });

  it('leaves a live host alone', () => {
    root = mkdtempSync(join(tmpdir(), 'toolcall-sweep-'));
    const live = join(root, `${BASE_PREFIX}${process.ppid}`, 'call-1');
    mkdirSync(live, { recursive: true });
    sweepStale(root);
    expect(() => mkdirSync(live)).toThrow(/EEXIST/);
  });

  // Two hosts starting at once both list a dead host's base; the one that reads it second finds
  // it gone. That must not stop the start.
  it('goes on when a listed base is gone or unreadable by the time it is read', () => {
    root = mkdtempSync(join(tmpdir(), 'toolcall-sweep-'));
    writeFileSync(join(root, `${BASE_PREFIX}${DEAD_PID}`), '');
    const other = join(root, `${BASE_PREFIX}${DEAD_PID - 1}`);
    mkdirSync(join(other, 'call-1'), { recursive: true });
    expect(() => sweepStale(root as string)).not.toThrow();
    expect(() => mkdirSync(other)).not.toThrow();
  });
});
