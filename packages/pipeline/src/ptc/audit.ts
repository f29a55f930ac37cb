import type { JsonObject, JsonValue } from '../json.js';

/**
 * The audit status of one nested call. `queued` is a call of a `parallel`/`parallel-map` join
 * waiting for a free slot under the parallelism cap: it has its index and tool but no
 * arguments yet, and has not reached the pipeline.
 */
export type ChildStatus =
  | 'queued'
  | 'running'
  | 'success'
  | 'error'
  | 'denied'
  | 'cancelled'
  | 'interrupted';

/** One nested call in the envelope's bounded, ordered audit (what checkpoints keep). */
export interface ChildRecord {
  readonly index: number;
  /** `ENVELOPE-ID/N`. */
  readonly id: string;
  readonly tool: string;
  /**
   * Bounded arguments as the call ran (a hook's rewrite replaces the guest's): long strings
   * truncated, oversized aggregates dropped (`null`); `null` while queued.
   */
  args: JsonObject | null;
  /** Calls of one `parallel`/`parallel-map` join share a batch id; `null` otherwise. */
  readonly batch: string | null;
  status: ChildStatus;
  /** The canonical result, a bounded error text, or `null` while running. */
  result: JsonValue;
  /** The child settled successfully but with pipeline warnings. */
  warning: boolean;
  renderData: JsonObject | null;
}

/** A live aggregate of a running script, published as it changes. */
export interface ToolCallProgress {
  readonly envelopeId: string;
  /** Names of the tools running now, one per call, sorted. */
  readonly active: readonly string[];
  readonly completed: number;
  /** Calls that failed; cancelled calls are counted apart. */
  readonly failed: number;
  readonly denied: number;
  readonly cancelled: number;
  /** Calls of a parallel join waiting for a free slot under the parallelism cap. */
  readonly queued: number;
  /** Nested calls waiting for a person: a permission prompt, or a question such as Ask's. */
  readonly waiting: number;
}

/** The ordered child audit of one envelope plus its live counters. */
export class ChildAudit {
  readonly records: ChildRecord[] = [];
  // Kept only for a progress observer; without one, `progress()` scans the records.
  readonly #active = new Map<number, string>();
  /** Records queued or running: a script whose calls all settled skips the cancel scan. */
  #open = 0;
  completed = 0;
  failed = 0;
  denied = 0;
  cancelled = 0;
  queued = 0;
  waiting = 0;
  /** Once the envelope has settled nothing more is published. */
  #closed = false;

  constructor(
    readonly envelopeId: string,
    readonly onProgress: ((progress: ToolCallProgress) => void) | undefined,
  ) {}

  /** Adds a running record. */
  start(record: ChildRecord): void {
    this.#insert(record);
    if (this.onProgress === undefined) return;
    this.#active.set(record.index, record.tool);
    this.publish();
  }

  /**
   * Adds a queued record. A join queues its waiting calls before it starts any, and each
   * start publishes, so queueing itself publishes nothing.
   */
  queue(record: ChildRecord): void {
    this.#insert(record);
    this.queued++;
  }

  /** A queued record's call has reached the pipeline: it runs now. */
  begin(record: ChildRecord): void {
    record.status = 'running';
    this.queued--;
    if (this.onProgress === undefined) return;
    this.#active.set(record.index, record.tool);
    this.publish();
  }

  /**
   * Drops a queued record whose call never started: the interpreter refused its arguments
   * at its turn, and the guest got that error without a call, as for any refused call.
   */
  drop(record: ChildRecord): void {
    if (record.status !== 'queued') return;
    const at = this.records.indexOf(record);
    if (at >= 0) this.records.splice(at, 1);
    this.#open--;
    this.queued--;
    this.publish();
  }

  #insert(record: ChildRecord): void {
    // Calls of a parallel join may start out of order; the audit stays in call order.
    const records = this.records;
    let at = records.length;
    while (at > 0 && (records[at - 1] as ChildRecord).index > record.index) at--;
    // The common in-order start appends, by an indexed store: V8 left `push` here to its
    // generic builtin (about 135 instructions a call, counted under callgrind). Splice
    // allocates its (empty) removed-items array.
    if (at === records.length) records[at] = record;
    else records.splice(at, 0, record);
    this.#open++;
  }

  /**
   * Settles a running record (its call holds it, so no lookup), or a queued one the script
   * no longer waits for; a settled one stays as it is.
   */
  settle(
    record: ChildRecord,
    status: Exclude<ChildStatus, 'running' | 'queued'>,
    result: JsonValue,
  ): void {
    const was = record.status;
    if (was !== 'running') {
      if (was !== 'queued') return;
      this.queued--;
    }
    this.#open--;
    record.status = status;
    record.result = result;
    if (status === 'success') this.completed++;
    else if (status === 'denied') this.denied++;
    else if (status === 'cancelled' || status === 'interrupted') this.cancelled++;
    else this.failed++;
    if (this.onProgress === undefined) return;
    this.#active.delete(record.index);
    this.publish();
  }

  /** Marks calls still queued or running as cancelled once the script has stopped waiting for them. */
  cancelRunning(): void {
    if (this.#open === 0) return;
    for (const record of this.records) this.settle(record, 'cancelled', 'cancelled');
  }

  /** Stops publishing: the envelope has settled, so later changes are not news. */
  close(): void {
    this.#closed = true;
  }

  /**
   * Hands the rows over in an array of their own and empties the audit's. V8 may place a
   * long-lived-looking array like `records` straight in the old generation; once its script
   * has settled, such an array is garbage, but until the next full collection every young
   * row it still points at counts as live, so each scavenge copies and promotes the rows of
   * every script since. Emptied, it points at nothing (measured: 1,000-call scripts went
   * from 164 KB promoted per script to 7 KB).
   */
  release(): ChildRecord[] {
    const rows = this.records.slice();
    this.records.length = 0;
    return rows;
  }

  wait(waiting: boolean): void {
    this.waiting += waiting ? 1 : -1;
    this.publish();
  }

  progress(): ToolCallProgress {
    return {
      envelopeId: this.envelopeId,
      active: (this.onProgress === undefined
        ? this.records.filter((record) => record.status === 'running').map((record) => record.tool)
        : [...this.#active.values()]
      ).sort(),
      completed: this.completed,
      failed: this.failed,
      denied: this.denied,
      cancelled: this.cancelled,
      queued: this.queued,
      waiting: this.waiting,
    };
  }

  private publish(): void {
    if (this.onProgress === undefined || this.#closed) return;
    try {
      this.onProgress(this.progress());
    } catch {
      // A progress observer cannot change the script.
    }
  }
}
