import type { ExecutionFacts, MonitorLine, Outcome, Termination } from '@toolcall/exec';

interface EventBase {
  /** Arrival order across every owner of the tool set, from 1. */
  readonly sequence: number;
  /** The owner path of the conversation the execution belongs to (`/root`, an agent path, …). */
  readonly owner: string;
  readonly executionId: string;
  /** True when the event should wake an idle model (deliberate stops do not). */
  readonly wake: boolean;
  /** The model-facing records of the event, one per line or notice, as the model receives them. */
  readonly texts: readonly string[];
}

/** One batch of a Monitor's stdout lines (one `MONITOR` record each). */
export interface MonitorLinesEvent extends EventBase {
  readonly type: 'monitor-lines';
  readonly description: string;
  readonly lines: readonly MonitorLine[];
  /** Lines left out of this batch by its 8 KiB bound. */
  readonly omitted: number;
}

/** The end of a Monitor (its one `MONITOR_TERMINAL` record). */
export interface MonitorEndEvent extends EventBase {
  readonly type: 'monitor-end';
  readonly description: string;
  /** Lines delivered as events over the Monitor's life. */
  readonly eventCount: number;
  readonly termination: Termination;
  readonly outcome: Outcome;
  readonly exitCode: number | undefined;
  readonly notice: string;
}

/** The end of a yielded Bash command that ended on its own or was stopped by the user (`EXECUTION`). */
export interface ExecutionEndEvent extends EventBase {
  readonly type: 'execution-end';
  readonly facts: ExecutionFacts;
}

/** A background event of a tool set: Monitor lines, a Monitor's end, or a yielded command's end. */
export type ToolSetEvent = MonitorLinesEvent | MonitorEndEvent | ExecutionEndEvent;

/** The messages waiting for one conversation, as its model receives them. */
export interface EventDelivery {
  /** The model-facing block: a lead line, the drop note when events were dropped, the records. */
  readonly text: string;
  /** Records delivered. */
  readonly events: number;
  /** Records dropped from the backlog since the last delivery. */
  readonly dropped: number;
}

/** The background events of a tool set, for the model and for any listening surface. */
export interface ToolSetEvents {
  /**
   * Calls `listener` with every event of every owner as it arrives, in arrival order, whether or
   * not the model has had it yet; returns an unsubscribe function. Listening never consumes an
   * event, and an error a listener throws is caught so the others and the model still get it.
   */
  subscribe(listener: (event: ToolSetEvent) => void): () => void;
  /**
   * Removes and returns an owner's waiting messages, or `undefined` when none wait: the
   * pipeline's projection does this for every top-level result; a host delivering them another
   * way (a turn it starts for a waking event) calls it itself.
   */
  take(owner: string): EventDelivery | undefined;
  /** How many records wait for an owner (for a host deciding whether to wake an idle model). */
  pending(owner: string): number;
}
