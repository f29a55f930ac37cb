/** How much one conversation's backlog keeps before it drops its oldest records. */
export interface BacklogLimits {
  /** Records kept (default 100). */
  readonly maxEvents: number;
  /** Characters of record text kept (default 30,000, Bash's result limit); the newest record always stays. */
  readonly maxCharacters: number;
}

/** The default backlog bounds of one conversation. */
export const DEFAULT_BACKLOG_LIMITS: BacklogLimits = Object.freeze({
  maxEvents: 100,
  maxCharacters: 30_000,
});

/** One model-facing record; a Monitor line may be dropped before an end notice. */
export interface BacklogRecord {
  readonly text: string;
  readonly kind: 'line' | 'end';
}

interface Queue {
  records: BacklogRecord[];
  characters: number;
  dropped: number;
}

/**
 * The records waiting for each owner, bounded: past a limit the oldest Monitor line goes first
 * (an end notice tells the model something it cannot see elsewhere), then the oldest record;
 * the newest record always stays, and every drop is counted until the next take.
 */
export class EventBacklog {
  private readonly queues = new Map<string, Queue>();

  constructor(private readonly limits: BacklogLimits = DEFAULT_BACKLOG_LIMITS) {}

  /** Queues records for an owner, dropping older ones past the limits. */
  push(owner: string, records: readonly BacklogRecord[]): void {
    let queue = this.queues.get(owner);
    if (queue === undefined) {
      queue = { records: [], characters: 0, dropped: 0 };
      this.queues.set(owner, queue);
    }
    for (const record of records) {
      queue.records.push(record);
      queue.characters += record.text.length;
      this.bound(queue);
    }
  }

  /** Removes and returns an owner's records, oldest first, with the count dropped since the last take. */
  take(owner: string): { records: BacklogRecord[]; dropped: number } | undefined {
    const queue = this.queues.get(owner);
    if (queue === undefined) return undefined;
    this.queues.delete(owner);
    return { records: queue.records, dropped: queue.dropped };
  }

  /** How many records wait for an owner. */
  size(owner: string): number {
    return this.queues.get(owner)?.records.length ?? 0;
  }

  /** Forgets an owner's records (the owner was torn down). */
  discard(owner: string): void {
    this.queues.delete(owner);
  }

  private bound(queue: Queue): void {
    const { maxEvents, maxCharacters } = this.limits;
    const { records } = queue;
    while (records.length > maxEvents || (queue.characters > maxCharacters && records.length > 1)) {
      // Never the newest: it is what the model most needs, and it keeps "earlier" true.
      const line = records.findIndex(
        (record, index) => record.kind === 'line' && index < records.length - 1,
      );
      const [gone] = records.splice(line === -1 ? 0 : line, 1);
      queue.characters -= gone?.text.length ?? 0;
      queue.dropped += 1;
    }
  }
}
