/** `shared` for analyzer-proven read-only calls, `exclusive` for unknown and mutating ones. */
export type Lane = 'shared' | 'exclusive';

/** A granted lane; `release` is idempotent. */
export interface Lease {
  readonly lane: Lane;
  release(): void;
}

/** A pending admission: its lease (null when cancelled first) and a cancel function. */
export interface Ticket {
  /** True when the lane was granted at once, without queueing. */
  readonly immediate: boolean;
  readonly lease: Promise<Lease | null>;
  cancel(): void;
}

interface Waiter {
  lane: Lane;
  grant: (lease: Lease | null) => void;
}

/**
 * One session's admission scheduler: shared leases overlap, an exclusive lease runs alone,
 * and admission is FIFO, so a waiting exclusive call blocks every later shared one.
 */
export class LaneScheduler {
  private shared = 0;
  private exclusive = false;
  private readonly queue: Waiter[] = [];

  /** Calls waiting for a lane. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Active leases, as `{ shared, exclusive }`. */
  get active(): { shared: number; exclusive: boolean } {
    return { shared: this.shared, exclusive: this.exclusive };
  }

  /** Asks for a lane; the lease resolves in FIFO order as soon as the lane is compatible. */
  acquire(lane: Lane): Ticket {
    if (lane !== 'shared' && lane !== 'exclusive') {
      throw new TypeError(`lane must be 'shared' or 'exclusive', received ${String(lane)}`);
    }
    if (this.queue.length === 0 && this.admissible(lane)) {
      return { immediate: true, lease: Promise.resolve(this.grant(lane)), cancel: () => undefined };
    }
    let waiter!: Waiter;
    const lease = new Promise<Lease | null>((resolve) => {
      waiter = { lane, grant: resolve };
    });
    this.queue.push(waiter);
    return {
      immediate: false,
      lease,
      cancel: () => {
        const index = this.queue.indexOf(waiter);
        if (index < 0) return;
        this.queue.splice(index, 1);
        waiter.grant(null);
        // A cancelled exclusive waiter may have been holding back readers.
        this.pump();
      },
    };
  }

  private admissible(lane: Lane): boolean {
    return lane === 'shared' ? !this.exclusive : !this.exclusive && this.shared === 0;
  }

  private grant(lane: Lane): Lease {
    if (lane === 'shared') this.shared += 1;
    else this.exclusive = true;
    let released = false;
    return {
      lane,
      release: () => {
        if (released) return;
        released = true;
        if (lane === 'shared') this.shared -= 1;
        else this.exclusive = false;
        this.pump();
      },
    };
  }

  private pump(): void {
    while (this.queue.length > 0 && this.admissible(this.queue[0]!.lane)) {
      const waiter = this.queue.shift()!;
      waiter.grant(this.grant(waiter.lane));
    }
  }
}
