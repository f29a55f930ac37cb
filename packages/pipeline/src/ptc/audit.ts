import type { JsonObject, JsonValue } from '../json.js';
import type { PermissionProvenance } from '../permissions/provenance.js';
import type { ToolCallSummary } from './render-data.js';
import { UNSTARTED_RESULTS } from './unstarted.js';

/**
 * The audit status of one nested call. `queued` is a call of a `parallel`/`parallel-map` join
 * waiting for a free slot under the parallelism cap: it has its index, tool and batch but no
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
  /**
   * How the call's permission was settled (decision, source, rule text, deciding segment,
   * answer); undefined until then, and for a call that ended before its permission step.
   */
  permission?: PermissionProvenance | undefined;
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

/**
 * The ordered child audit of one envelope plus its live counters. `records` holds the calls
 * that have started. The calls of a join waiting for a slot are kept apart, as a range of
 * indexes with their tools (no row each: a join may queue thousands, and rows made that early
 * would outlive a scavenge and be copied); `snapshot` and `cancelRunning` give them rows.
 */
export class ChildAudit {
  readonly records: ChildRecord[] = [];
  /**
   * The waiting calls, indexes `#queueNext` up to `#queueEnd`: runs of one tool, each ending
   * before the index it holds.
   */
  #queueNext = 0;
  #queueEnd = 0;
  #queueRuns: { readonly end: number; readonly tool: string }[] = [];
  #queueBatch: string | null = null;
  // Kept only for a progress observer; without one, `progress()` scans the records.
  readonly #active = new Map<number, string>();
  /** Records still running: a script whose calls all settled skips the cancel scan. */
  #running = 0;
  completed = 0;
  failed = 0;
  denied = 0;
  cancelled = 0;
  waiting = 0;
  /** Calls that reached the pipeline; waiting calls a stop left unstarted are not among them. */
  started = 0;
  /** The batch ids the rows carry, made with the first one; the batch of the last row added. */
  #batches: Set<string> | undefined = undefined;
  #lastBatch: string | null = null;
  /** Once the envelope has settled nothing more is published. */
  #closed = false;

  constructor(
    readonly envelopeId: string,
    readonly onProgress: ((progress: ToolCallProgress) => void) | undefined,
    /** The script's text as checkpoints keep it (bounded). */
    readonly expression: string | undefined = undefined,
  ) {}

  start(record: ChildRecord): void {
    this.started++;
    if (record.index >= this.#queueNext) this.dequeue(record.index);
    // Calls of a parallel join may start out of order; the audit stays in call order.
    const records = this.records;
    let at = records.length;
    while (at > 0 && (records[at - 1] as ChildRecord).index > record.index) at--;
    // The common in-order start appends, by an indexed store: V8 left `push` here to its
    // generic builtin (about 135 instructions a call, counted under callgrind). Splice
    // allocates its (empty) removed-items array.
    if (at === records.length) records[at] = record;
    else records.splice(at, 0, record);
    if (record.batch !== null) this.#countBatch(record.batch);
    this.#running++;
    if (this.onProgress === undefined) return;
    this.#active.set(record.index, record.tool);
    this.publish();
  }

  /**
   * A run of a join's calls to one tool waits for free slots: indexes `first` to
   * `first + count - 1`. The runs of one join are consecutive; the first of a new join
   * starts a new queue (the last one has emptied: the script goes on only after a join ends).
   */
  queue(first: number, count: number, tool: string, batch: string | null): void {
    if (first !== this.#queueEnd) {
      this.#queueNext = first;
      this.#queueRuns = [];
      this.#queueBatch = batch;
    }
    this.#queueEnd = first + count;
    this.#queueRuns.push({ end: this.#queueEnd, tool });
  }

  /**
   * Call `index` leaves the queue: it starts, or the interpreter refused its arguments at its
   * turn (it never ran, and the guest got the error). Waiting calls leave in index order.
   */
  dequeue(index: number): void {
    if (index >= this.#queueNext && index < this.#queueEnd) this.#queueNext = index + 1;
  }

  /** A waiting call refused at its turn leaves the queue without a row; progress says so. */
  refuse(index: number): void {
    const before = this.queued;
    this.dequeue(index);
    if (this.queued !== before) this.publish();
  }

  #countBatch(batch: string): void {
    if (batch === this.#lastBatch) return;
    this.#lastBatch = batch;
    if (this.#batches === undefined) this.#batches = new Set();
    this.#batches.add(batch);
  }

  /**
   * The rows' counts by status, and how many parallel batches they come from: what
   * `summaryOf(this.snapshot())` finds, kept as the rows change rather than counted from them.
   */
  summary(): ToolCallSummary {
    return {
      calls: this.records.length + this.queued,
      succeeded: this.completed,
      failed: this.failed,
      denied: this.denied,
      cancelled: this.cancelled,
      // Only a recovered checkpoint has interrupted calls; a live audit never does.
      interrupted: 0,
      batches: this.#batches?.size ?? 0,
    };
  }

  /** How many calls wait for a slot. */
  get queued(): number {
    return this.#queueEnd - this.#queueNext;
  }

  /** Rows for the waiting calls, in index order, with `status` as given. */
  #queuedRows(status: ChildStatus, result: JsonValue): ChildRecord[] {
    const rows: ChildRecord[] = [];
    const prefix = `${this.envelopeId}/`;
    let index = this.#queueNext;
    for (const run of this.#queueRuns) {
      for (; index < run.end; index++) {
        rows.push({
          index,
          id: prefix + index,
          tool: run.tool,
          args: null,
          batch: this.#queueBatch,
          status,
          result,
          warning: false,
          renderData: null,
        });
      }
    }
    return rows;
  }

  /** The audit as it stands: the started calls' rows, then a row for each waiting call. */
  snapshot(): ChildRecord[] {
    return this.queued === 0
      ? this.records
      : [...this.records, ...this.#queuedRows('queued', null)];
  }

  /** Settles a running record (its call holds it, so no lookup); a settled one stays as it is. */
  settle(
    record: ChildRecord,
    status: Exclude<ChildStatus, 'running' | 'queued'>,
    result: JsonValue,
  ): void {
    if (record.status !== 'running') return;
    this.#running--;
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

  /**
   * Marks calls still running as cancelled once the script has stopped waiting for them; the
   * calls still waiting for a slot join the audit as cancelled too.
   */
  cancelRunning(): void {
    const waiting = this.queued;
    if (waiting > 0) {
      for (const row of this.#queuedRows('cancelled', UNSTARTED_RESULTS.cancelled))
        this.records.push(row);
      this.#queueNext = this.#queueEnd;
      this.cancelled += waiting;
      this.publish();
    }
    if (this.#running === 0) return;
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
