import { type FileHandle, open, unlink } from 'node:fs/promises';

/** The default spool cap: 64 MiB. */
export const SPOOL_LIMIT_BYTES = 64 * 1024 * 1024;

/** What happened to one appended chunk. */
export type AppendOutcome = 'written' | 'limit' | 'failed' | 'closed';

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
  private stopped = false;
  private released = false;
  private readonly listeners = new Set<() => void>();

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly limitBytes: number,
    private readonly owned: boolean,
  ) {}

  /** Opens a spool at `path`; it is deleted on release only when `owned`. */
  static async create({
    path,
    limitBytes = SPOOL_LIMIT_BYTES,
    owned = true,
  }: {
    path: string;
    limitBytes?: number;
    owned?: boolean;
  }): Promise<Spool> {
    const handle = await open(path, owned ? 'wx+' : 'r+', 0o600);
    return new Spool(path, handle, limitBytes, owned);
  }

  /** Queues `chunk`; resolves once it is written, cut at the cap, or refused. */
  append(chunk: Buffer): Promise<AppendOutcome> {
    if (this.stopped) return Promise.resolve(this.limited ? 'limit' : 'closed');
    const room = this.limitBytes - this.bytes - this.pendingBytes;
    const accepted = room < chunk.length ? chunk.subarray(0, Math.max(0, room)) : chunk;
    const reachesLimit = accepted.length < chunk.length;
    if (reachesLimit) this.stopped = true;
    this.pendingBytes += accepted.length;
    const write = this.tail.then(async (): Promise<AppendOutcome> => {
      if (this.failure !== undefined) return 'failed';
      try {
        if (accepted.length > 0) await this.writeFully(accepted);
      } catch (error) {
        this.failure = error;
        this.stopped = true;
        return 'failed';
      } finally {
        this.pendingBytes -= accepted.length;
        if (this.pendingBytes === 0) for (const listener of this.listeners) listener();
      }
      if (reachesLimit) {
        this.limited = true;
        return 'limit';
      }
      return 'written';
    });
    this.tail = write;
    return write;
  }

  private async writeFully(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      const { bytesWritten } = await this.handle.write(
        chunk,
        offset,
        chunk.length - offset,
        this.bytes,
      );
      const written = chunk.subarray(offset, offset + bytesWritten);
      this.bytes += bytesWritten;
      let newline = written.indexOf(10);
      while (newline !== -1) {
        this.lines += 1;
        newline = written.indexOf(10, newline + 1);
      }
      offset += bytesWritten;
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
    if (this.released) return buffer.subarray(0, 0);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await this.handle.read(
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
    await this.handle.close().catch(() => undefined);
    if (this.owned) await unlink(this.path).catch(() => undefined);
  }
}
