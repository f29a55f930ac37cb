import { lineBytes, type MonitorLine } from './monitor-lines.js';
import type { Outcome, OwnerId, Termination } from './types.js';

/** One batch of a Monitor's stdout lines (each line is one MONITOR record for the model). */
export interface MonitorEventRecord {
  kind: 'event';
  owner: OwnerId;
  executionId: string;
  description: string;
  lines: MonitorLine[];
  /** Lines left out of this batch by the 8 KiB bound. */
  omitted: number;
  /** True while delivery should wake an idle model; deliberate stops fold events without waking. */
  wake: boolean;
}

/** The single terminal record of a Monitor (MONITOR_TERMINAL). */
export interface MonitorTerminalRecord {
  kind: 'terminal';
  owner: OwnerId;
  executionId: string;
  description: string;
  /** Lines delivered as events over the Monitor's life. */
  eventCount: number;
  termination: Termination;
  outcome: Outcome;
  exitCode?: number;
  /** The model-visible terminal notice. */
  notice: string;
  wake: boolean;
}

/** A Monitor mailbox record. */
export type MonitorRecord = MonitorEventRecord | MonitorTerminalRecord;

function recordBytes(record: MonitorRecord): number {
  return record.kind === 'event' ? record.lines.reduce((sum, line) => sum + lineBytes(line), 0) : 0;
}

/** Queued Monitor records per owner, with listeners and per-monitor unread sizes for flood control. */
export class MonitorMailbox {
  private readonly queues = new Map<OwnerId, MonitorRecord[]>();
  private readonly listeners = new Set<(record: MonitorRecord) => void>();
  private readonly discardListeners = new Set<(owner: OwnerId) => void>();
  private readonly unread = new Map<string, number>();

  /** Queues one record and tells the listeners. */
  publish(record: MonitorRecord): void {
    const queue = this.queues.get(record.owner);
    if (queue) queue.push(record);
    else this.queues.set(record.owner, [record]);
    this.unread.set(
      record.executionId,
      (this.unread.get(record.executionId) ?? 0) + recordBytes(record),
    );
    for (const listener of this.listeners) listener(record);
  }

  /** Removes and returns every queued record of `owner`, oldest first. */
  take(owner: OwnerId): MonitorRecord[] {
    const queue = this.queues.get(owner) ?? [];
    this.queues.delete(owner);
    for (const record of queue) {
      this.unread.set(
        record.executionId,
        (this.unread.get(record.executionId) ?? 0) - recordBytes(record),
      );
    }
    return queue;
  }

  /** Returns the queued records of `owner` without removing them. */
  peek(owner: OwnerId): readonly MonitorRecord[] {
    return [...(this.queues.get(owner) ?? [])];
  }

  /** Bytes of one Monitor's event lines queued and not yet taken. */
  unreadBytes(executionId: string): number {
    return this.unread.get(executionId) ?? 0;
  }

  /** Calls `listener` for each new record; returns an unsubscribe function. */
  subscribe(listener: (record: MonitorRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Clears the wake marks of one Monitor's queued records once its terminal result was observed. */
  acknowledge(owner: OwnerId, executionId: string): void {
    for (const record of this.queues.get(owner) ?? []) {
      if (record.executionId === executionId) record.wake = false;
    }
  }

  /** Calls `listener` with the owner whenever an owner's unread records are dropped; returns an unsubscribe function. */
  onDiscard(listener: (owner: OwnerId) => void): () => void {
    this.discardListeners.add(listener);
    return () => this.discardListeners.delete(listener);
  }

  /** Drops an owner's unread records when the owner is retired. */
  discard(owner: OwnerId): void {
    for (const record of this.queues.get(owner) ?? []) this.unread.delete(record.executionId);
    this.queues.delete(owner);
    for (const listener of this.discardListeners) listener(owner);
  }
}
