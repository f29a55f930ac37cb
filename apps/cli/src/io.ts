import type { Readable, Writable } from 'node:stream';

/** Where the command writes and what it reads; injected so tests can capture it. */
export type CliIo = {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin?: Readable & { isTTY?: boolean };
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /**
   * Imports an ES module by URL (`toolcall bridge --tools-module`): the commands' bundle runs
   * from a compile cache, which has no module loader of its own, so the entry passes its own.
   */
  importModule?: (url: string) => Promise<unknown>;
};
