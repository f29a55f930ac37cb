import { lineBytes, type MonitorLine } from './monitor-lines.js';

/** Batching and flood limits of Monitor events (tools-design "Monitor"). */
export const MONITOR_LIMITS = {
  batchDelayMs: 200,
  batchBytes: 8 * 1024,
  floodLines: 100,
  floodWindowMs: 60_000,
  unreadBytes: 64 * 1024,
} as const;

/** The clock and timer the batcher uses; injectable for tests. */
export interface MonitorClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. */
export const systemClock: MonitorClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** One published batch: at most 8 KiB of lines, plus how many lines were left out. */
export interface MonitorBatch {
  lines: MonitorLine[];
  omitted: number;
}

/** What the batcher reports to its owner. */
export interface MonitorBatcherHooks {
  publish(batch: MonitorBatch): void;
  /** Bytes of this monitor's published events the owner has not read yet. */
  unreadBytes(): number;
  /** Called once when the line rate or unread size passes its limit. */
  flood(): void;
}

/**
 * Collects framed lines under one 200 ms timer and publishes bounded batches; stops accepting
 * lines once flooded (over 100 lines per rolling 60 s, or over 64 KiB unread).
 */
export class MonitorBatcher {
  private pending: MonitorLine[] = [];
  private timer: unknown;
  private readonly recent: number[] = [];
  private flooded = false;
  private closed = false;

  constructor(
    private readonly hooks: MonitorBatcherHooks,
    private readonly clock: MonitorClock = systemClock,
  ) {}

  /** Accepts newly framed lines and arms the single batching timer. */
  push(lines: readonly MonitorLine[]): void {
    if (this.closed || this.flooded) return;
    for (const line of lines) {
      const now = this.clock.now();
      while (this.recent.length > 0 && now - this.recent[0]! >= MONITOR_LIMITS.floodWindowMs) {
        this.recent.shift();
      }
      this.recent.push(now);
      if (this.recent.length > MONITOR_LIMITS.floodLines) {
        this.markFlooded();
        return;
      }
      this.pending.push(line);
    }
    if (this.pending.length > 0 && this.timer === undefined) {
      this.timer = this.clock.setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, MONITOR_LIMITS.batchDelayMs);
    }
  }

  private markFlooded(): void {
    if (this.flooded) return;
    this.flooded = true;
    this.hooks.flood();
  }

  /** Publishes the pending lines as one batch of at most 8 KiB; extra lines are counted as omitted. */
  flush(): void {
    if (this.timer !== undefined) {
      this.clock.clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending.length === 0) return;
    const lines: MonitorLine[] = [];
    let bytes = 0;
    let omitted = 0;
    for (const line of this.pending) {
      const size = lineBytes(line);
      if (omitted === 0 && bytes + size <= MONITOR_LIMITS.batchBytes) {
        lines.push(line);
        bytes += size;
      } else omitted += 1;
    }
    this.pending = [];
    this.hooks.publish({ lines, omitted });
    if (this.hooks.unreadBytes() > MONITOR_LIMITS.unreadBytes) this.markFlooded();
  }

  /** Cancels the timer and publishes what is pending (settlement); later lines are ignored. */
  close(finalLines: readonly MonitorLine[] = []): void {
    if (this.closed) return;
    this.pending.push(...finalLines);
    this.flush();
    this.closed = true;
  }

  /** Cancels the timer and drops pending lines (owner teardown). */
  discard(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.closed = true;
  }
}
