import { type FileHandle, open, unlink } from 'node:fs/promises';

/** The default spool cap: 64 MiB. */
export const SPOOL_LIMIT_BYTES = 64 * 1024 * 1024;

/** What happened to one appended chunk. */
export type AppendOutcome = 'written' | 'limit' | 'failed' | 'closed';

interface PendingBatch {
  chunks: Buffer[];
  limit: boolean;
  done: Promise<AppendOutcome>;
  settle: (outcome: AppendOutcome) => void;
}

/** A bounded append-only disk file holding one execution's combined output. */
export class Spool {
  /** Bytes durably written; unwritten chunks never advance it. */
  bytes = 0;
  /** Newlines among the written bytes. */
  lines = 0;
  /** Bytes accepted but not yet written. */
  pendingBytes = 0;
  /** The file error that stopped writing, if any. */
  failure: unknown;
  /** Whether the cap was reached. */
  limited = false;
  private tail: Promise<unknown> = Promise.resolve();
  private batch: PendingBatch | undefined;
  private stopped = false;
  private released = false;
  private readonly listeners = new Set<() => void>();

  private handle: FileHandle | undefined;

  private constructor(
    readonly path: string,
    private readonly limitBytes: number,
    private readonly owned: boolean,
  ) {}

  /**
   * Prepares a spool at `path`, opened on the first chunk so silent commands touch no file;
   * the file is deleted on release only when `owned`.
   */
  static create({
    path,
    limitBytes = SPOOL_LIMIT_BYTES,
    owned = true,
  }: {
    path: string;
    limitBytes?: number;
    owned?: boolean;
  }): Spool {
    return new Spool(path, limitBytes, owned);
  }

  private async opened(): Promise<FileHandle> {
    this.handle ??= await open(this.path, this.owned ? 'wx+' : 'r+', 0o600);
    return this.handle;
  }

  /** Queues `chunk`; resolves once it is written, cut at the cap, or refused. */
  append(chunk: Buffer): Promise<AppendOutcome> {
    if (this.stopped) return Promise.resolve(this.limited ? 'limit' : 'closed');
    const room = this.limitBytes - this.bytes - this.pendingBytes;
    const accepted = room < chunk.length ? chunk.subarray(0, Math.max(0, room)) : chunk;
    const reachesLimit = accepted.length < chunk.length;
    if (reachesLimit) {
      this.stopped = true;
      this.limited = true;
    }
    this.pendingBytes += accepted.length;
    // Chunks arriving while a write is in flight join one batch, written with a single writev.
    let batch = this.batch;
    if (batch === undefined) {
      let settle!: (outcome: AppendOutcome) => void;
      const done = new Promise<AppendOutcome>((resolve) => {
        settle = resolve;
      });
      batch = { chunks: [], limit: false, done, settle };
      this.batch = batch;
      this.tail = this.tail.then(() => this.writeBatch());
    }
    if (accepted.length > 0) batch.chunks.push(accepted);
    batch.limit ||= reachesLimit;
    return batch.done;
  }

  private async writeBatch(): Promise<void> {
    const batch = this.batch!;
    this.batch = undefined;
    const size = batch.chunks.reduce((total, chunk) => total + chunk.length, 0);
    let outcome: AppendOutcome = batch.limit ? 'limit' : 'written';
    try {
      if (this.failure !== undefined) outcome = 'failed';
      else if (size > 0) await this.writeFully(batch.chunks, size);
    } catch (error) {
      this.failure = error;
      this.stopped = true;
      outcome = 'failed';
    }
    this.pendingBytes -= size;
    if (this.pendingBytes === 0) for (const listener of this.listeners) listener();
    batch.settle(outcome);
  }

  private async writeFully(chunks: Buffer[], size: number): Promise<void> {
    const start = this.bytes;
    const handle = await this.opened();
    let { bytesWritten } = await handle.writev(chunks, start);
    if (bytesWritten < size) {
      const rest = Buffer.concat(chunks).subarray(bytesWritten);
      let offset = 0;
      while (offset < rest.length) {
        const written = await handle.write(
          rest,
          offset,
          rest.length - offset,
          start + bytesWritten,
        );
        offset += written.bytesWritten;
        bytesWritten += written.bytesWritten;
      }
    }
    this.bytes += bytesWritten;
    for (const chunk of chunks) {
      let newline = chunk.indexOf(10);
      while (newline !== -1) {
        this.lines += 1;
        newline = chunk.indexOf(10, newline + 1);
      }
    }
  }

  /** Calls `listener` whenever the queue of pending writes empties. */
  onDrain(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops accepting chunks; queued ones still finish. */
  close(): void {
    this.stopped = true;
  }

  /** Resolves once every queued chunk has been written or refused. */
  async flushed(): Promise<void> {
    await this.tail;
  }

  /** Reads the written bytes in `[start, end)`. */
  async read(start: number, end: number = this.bytes): Promise<Buffer> {
    const from = Math.max(0, Math.min(start, this.bytes));
    const to = Math.max(from, Math.min(end, this.bytes));
    const buffer = Buffer.alloc(to - from);
    const handle = this.handle;
    if (this.released || handle === undefined) return buffer.subarray(0, 0);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(
        buffer,
        filled,
        buffer.length - filled,
        from + filled,
      );
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  }

  /** Closes and, when owned, deletes the file; safe to call more than once. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.stopped = true;
    await this.tail.catch(() => undefined);
    if (this.handle === undefined) return;
    await this.handle.close().catch(() => undefined);
    if (this.owned) await unlink(this.path).catch(() => undefined);
  }
}
