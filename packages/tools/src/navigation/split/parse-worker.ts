// The navigation parse worker: a thread with its own tree-sitter, outlining the second part
// of a split file while the calling thread outlines the first.
import { parentPort, workerData } from 'node:worker_threads';
import { LANGUAGE_IDS, languageById } from '../languages.js';
import { loadParser } from '../load-language.js';
import { warmUp } from '../warm-up.js';
import { parsePart, partEntries } from './parts.js';
import type { PartRequest, WorkerReply, WorkerRequest } from './protocol.js';

async function outlinePart(request: PartRequest): Promise<WorkerReply> {
  const spec = languageById(request.language);
  const parser = await loadParser(spec);
  const tree = parsePart(parser, spec, request.text, request.range);
  try {
    return { seq: request.seq, entries: partEntries(tree, spec, request.text) };
  } finally {
    // Freed after the answer is on its way.
    setImmediate(() => tree.delete());
  }
}

async function answer(request: WorkerRequest): Promise<WorkerReply> {
  try {
    if (request.kind === 'part') return await outlinePart(request);
    await warmUp(request.language);
    Atomics.store(ready, LANGUAGE_IDS.indexOf(request.language), 1);
    return { seq: request.seq, entries: [] };
  } catch {
    return { seq: request.seq, entries: null };
  }
}

// Per language, set to 1 once it is warm: read by the calling thread without a message.
const ready = (workerData as { ready: Int32Array }).ready;
const port = parentPort;
if (port !== null) {
  port.on('message', (request: WorkerRequest) => {
    void answer(request).then((reply) => port.postMessage(reply));
  });
}
