import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createExecManager, type ExecManager } from '../manager.js';
import type { ExecManagerOptions } from '../manager-options.js';
import { findDescendants, isLive, listProcesses } from '../process-tree.js';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Creates a temporary directory removed after the test. */
export function temporaryDirectory(prefix = 'exec-test-'): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** A manager over a fresh workspace with the real analyzer, torn down after the test. */
export function testManager(options: Partial<ExecManagerOptions> = {}): ExecManager {
  const host = options.hostEnvironment ?? process.env;
  const manager = createExecManager({
    workspaceRoot: temporaryDirectory(),
    sandbox: 'off',
    graceMs: 300,
    ...options,
    // Login shells read the host's startup files; an empty home keeps outputs deterministic.
    hostEnvironment: { ...host, HOME: options.hostEnvironment?.HOME ?? temporaryDirectory() },
  });
  cleanups.push(() => manager.teardown());
  return manager;
}

/** Whether a pid is gone or only a zombie. */
export function isGone(pid: number): boolean {
  const entry = listProcesses().find((candidate) => candidate.pid === pid);
  return entry === undefined || !isLive(entry);
}

/** Resolves once an execution's complete output contains `text`, without consuming unread output. */
export async function waitForOutput(
  manager: ExecManager,
  owner: string,
  executionId: string,
  text: string,
): Promise<void> {
  const contains = async () => {
    const output = await manager.readOutput({ owner, executionId });
    return output.success && output.value.toString('utf8').includes(text);
  };
  if (await contains()) return;
  await new Promise<void>((resolve) => {
    const stop = manager.watch(owner, executionId, () => {
      void contains().then((found) => {
        if (!found) return;
        stop();
        resolve();
      });
    });
  });
}

/** Resolves once `pid` has at least `count` live descendants (the kernel offers no event for this). */
export async function waitForDescendants(pid: number, count: number): Promise<void> {
  while (findDescendants(pid).length < count) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once `predicate` holds, checking every 10 ms (for states that emit no event). */
export async function waitUntil(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Creates a named pipe in a temporary directory. */
export function temporaryFifo(name = 'fifo'): string {
  const path = join(temporaryDirectory('exec-fifo-'), name);
  execFileSync('mkfifo', [path]);
  return path;
}
