import type { Readable, Writable } from 'node:stream';

/** Where the command writes and what it reads; injected so tests can capture it. */
export type CliIo = {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin?: Readable & { isTTY?: boolean };
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
};
