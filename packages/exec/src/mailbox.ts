import type { CompletionRecord, OwnerId } from './types.js';

/** Queued completion records per owner, with listeners for harnesses that want events. */
export class CompletionMailbox {
  private readonly queues = new Map<OwnerId, CompletionRecord[]>();
  private readonly listeners = new Set<(record: CompletionRecord) => void>();
  private readonly discardListeners = new Set<(owner: OwnerId) => void>();
  private readonly published = new Set<string>();

  /** Queues one record; a second publication for the same execution is ignored. */
  publish(record: CompletionRecord): void {
    const key = `${record.owner}\0${record.executionId}`;
    if (this.published.has(key)) return;
    this.published.add(key);
    const queue = this.queues.get(record.owner);
    if (queue) queue.push(record);
    else this.queues.set(record.owner, [record]);
    for (const listener of this.listeners) listener(record);
  }

  /** Removes and returns every queued record of `owner`, oldest first. */
  take(owner: OwnerId): CompletionRecord[] {
    const queue = this.queues.get(owner) ?? [];
    this.queues.delete(owner);
    return queue;
  }

  /** Returns the queued records of `owner` without removing them. */
  peek(owner: OwnerId): readonly CompletionRecord[] {
    return [...(this.queues.get(owner) ?? [])];
  }

  /** Calls `listener` for each new record; returns an unsubscribe function. */
  subscribe(listener: (record: CompletionRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks a queued record as already read by the model, so it no longer wakes an idle owner. */
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
    this.queues.delete(owner);
    for (const listener of this.discardListeners) listener(owner);
  }
}
