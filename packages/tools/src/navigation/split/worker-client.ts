import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Range } from 'web-tree-sitter';
import { LANGUAGE_IDS, type LanguageId } from '../languages.js';
import type { OutlineEntry } from '../outline/types.js';
import type { PartRequest, WarmRequest, WorkerReply } from './protocol.js';
import { SPLIT_LANGUAGES } from './split-point.js';

/** The built worker's file name, beside the module that starts it. */
const SCRIPT = 'navigation-worker.js';

interface Running {
  readonly thread: Worker;
  /**
   * Per language (by its index in LANGUAGE_IDS), 1 once the worker has it loaded and warm.
   * The worker sets it in shared memory, so a caller that has not yet given the event loop
   * a turn (to receive the worker's answer) sees it too.
   */
  readonly ready: Int32Array;
  /** The warm-ups asked for, settled when the worker answers or fails. */
  readonly warming: Map<LanguageId, Promise<void>>;
  readonly waiting: Map<number, (entries: OutlineEntry[] | null) => void>;
  /** Part requests in flight; while there are any, the worker keeps the process alive. */
  parts: number;
  seq: number;
}

let running: Running | undefined;
let scriptOverride: string | undefined;

// tsup emits both ESM (import.meta.url is set) and CJS (__filename is set); the worker is
// built beside either. Run from the sources (tests), there is no built worker beside them.
function scriptPath(): string | undefined {
  if (scriptOverride !== undefined) return scriptOverride;
  const self = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  const script = join(dirname(self), SCRIPT);
  return existsSync(script) ? script : undefined;
}

function stop(worker: Running): void {
  if (running === worker) running = undefined;
  for (const settle of worker.waiting.values()) settle(null);
  worker.waiting.clear();
  worker.parts = 0;
  void worker.thread.terminate().catch(() => undefined);
}

function start(script: string): Running {
  const ready = new Int32Array(new SharedArrayBuffer(LANGUAGE_IDS.length * 4));
  const thread = new Worker(script, { workerData: { ready } });
  // A warm or idle worker never keeps the process alive.
  thread.unref();
  const worker: Running = {
    thread,
    ready,
    warming: new Map(),
    waiting: new Map(),
    parts: 0,
    seq: 0,
  };
  thread.on('message', (reply: WorkerReply) => {
    const settle = worker.waiting.get(reply.seq);
    worker.waiting.delete(reply.seq);
    settle?.(reply.entries);
  });
  // A failed worker is dropped; every file is then parsed on the calling thread.
  thread.on('error', () => stop(worker));
  thread.on('exit', () => stop(worker));
  return worker;
}

function request(
  worker: Running,
  message: Omit<WarmRequest, 'seq'> | Omit<PartRequest, 'seq'>,
): Promise<OutlineEntry[] | null> {
  const seq = worker.seq++;
  return new Promise((resolve) => {
    worker.waiting.set(seq, resolve);
    try {
      worker.thread.postMessage({ ...message, seq });
    } catch {
      stop(worker);
    }
  });
}

/**
 * Starts the parse worker (once) and has it load and warm up `id`, when the language can be
 * split, the machine has more than one CPU and the worker is built. The promise settles
 * (never rejecting) once the worker is ready for `id` or has failed; none when no worker
 * runs for `id`.
 */
export function prepareParseWorker(id: LanguageId): Promise<void> | undefined {
  if (!SPLIT_LANGUAGES.has(id) || availableParallelism() < 2) return undefined;
  if (running === undefined) {
    const script = scriptPath();
    if (script === undefined) return undefined;
    try {
      running = start(script);
    } catch {
      return undefined;
    }
  }
  let warming = running.warming.get(id);
  if (warming === undefined) {
    warming = request(running, { kind: 'warm', language: id }).then(() => undefined);
    running.warming.set(id, warming);
  }
  return warming;
}

/** Whether the worker has `id` loaded and warm. */
export function parseWorkerReady(id: LanguageId): boolean {
  return running !== undefined && Atomics.load(running.ready, LANGUAGE_IDS.indexOf(id)) === 1;
}

/**
 * The outline entries of `range` of `text`, parsed by the worker; `null` when the part has
 * a syntax error, or the worker is not ready, fails or stops before answering.
 */
export function outlinePartInWorker(
  id: LanguageId,
  text: string,
  range: Range,
): Promise<OutlineEntry[] | null> {
  const worker = running;
  if (worker === undefined || !parseWorkerReady(id)) return Promise.resolve(null);
  if (worker.parts++ === 0) worker.thread.ref();
  // A part takes tens of milliseconds; a worker that has not answered long after that is
  // stuck, and is dropped so the call parses the whole file here instead of waiting on it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      stop(worker);
      resolve(null);
    }, partTimeoutMs);
  });
  const answered = request(worker, { kind: 'part', language: id, text, range });
  return Promise.race([answered, stuck]).then((entries) => {
    clearTimeout(timer);
    if (running === worker && --worker.parts === 0) worker.thread.unref();
    return entries;
  });
}

/** How long a part may take in the worker before the worker is dropped (default 10 s). */
let partTimeoutMs = 10_000;

/** Sets how long a part may take in the worker (tests use a short one). */
export function setParsePartTimeout(ms: number): void {
  partTimeoutMs = ms;
}

/** Stops the parse worker; a later `loadLanguage` starts a new one. */
export async function stopParseWorker(): Promise<void> {
  const worker = running;
  if (worker === undefined) return;
  stop(worker);
  await worker.thread.terminate().catch(() => undefined);
}

/** Runs the worker from `script` (a built worker) instead of the one beside this module. */
export function useParseWorkerScript(script: string | undefined): void {
  scriptOverride = script;
}

/** The worker's thread, while one runs. */
export function parseWorkerThread(): Worker | undefined {
  return running?.thread;
}
