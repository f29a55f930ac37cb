import type { CallSource, HandlerContext, PermissionApproval } from './tool-types.js';

/** Whom a context tells that its call started or stopped waiting for a person. */
export interface PersonWaitListener {
  notifyPersonWait(waiting: boolean): void;
}

/** The per-call handler context; its AbortSignal is only created when a handler asks for it. */
export class CallContext implements HandlerContext {
  readonly toolName: string;
  readonly toolUseId: string;
  readonly parentId: string | undefined;
  readonly source: CallSource;
  resources: Readonly<Record<string, unknown>> = NO_RESOURCES;
  approvals: readonly PermissionApproval[] = NO_APPROVALS;
  deniedReadPaths: readonly string[] = NO_GLOBS;
  #controller: AbortController | undefined;
  #cleanups: (() => void)[] | undefined;
  #cancelled = false;
  #cancelRender: (() => unknown) | undefined;
  /** Told when the call starts and stops waiting for a person (the run that owns this context). */
  #personWaits: PersonWaitListener | undefined;

  constructor(
    toolName: string,
    toolUseId: string,
    parentId: string | undefined,
    source: CallSource,
  ) {
    this.toolName = toolName;
    this.toolUseId = toolUseId;
    this.parentId = parentId;
    this.source = source;
  }

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    if (this.#cancelled && !this.#controller.signal.aborted) this.#controller.abort();
    return this.#controller.signal;
  }

  onCancel(cleanup: () => void): void {
    if (typeof cleanup !== 'function') {
      throw new TypeError(`onCancel: expected a function, received ${typeof cleanup}`);
    }
    if (this.#cancelled) {
      cleanup();
      return;
    }
    if (this.#cleanups === undefined) this.#cleanups = [];
    this.#cleanups.push(cleanup);
  }

  /** Set by the run that owns this context: where `waitForPerson` reports its waits. */
  reportPersonWaitsTo(listener: PersonWaitListener): void {
    this.#personWaits = listener;
  }

  async waitForPerson<T>(ask: () => PromiseLike<T>): Promise<T> {
    if (typeof ask !== 'function') {
      throw new TypeError(`waitForPerson: expected a function, received ${typeof ask}`);
    }
    const listener = this.#personWaits;
    listener?.notifyPersonWait(true);
    try {
      return await ask();
    } finally {
      listener?.notifyPersonWait(false);
    }
  }

  renderOnCancel(provide: () => unknown): void {
    if (typeof provide !== 'function') {
      throw new TypeError(`renderOnCancel: expected a function, received ${typeof provide}`);
    }
    this.#cancelRender = provide;
  }

  /** The render data the handler gave for a cancellation; a throwing provider gives none. */
  cancelRenderData(): unknown {
    try {
      return this.#cancelRender?.();
    } catch {
      return undefined;
    }
  }

  /** Runs registered cleanups once and aborts the signal; returns the errors cleanups threw. */
  cancel(): unknown[] {
    if (this.#cancelled) return [];
    this.#cancelled = true;
    const errors: unknown[] = [];
    for (const cleanup of this.#cleanups ?? []) {
      try {
        cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    this.#cleanups = undefined;
    this.#controller?.abort();
    return errors;
  }
}

const NO_RESOURCES: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_APPROVALS: readonly PermissionApproval[] = Object.freeze([]);
const NO_GLOBS: readonly string[] = Object.freeze([]);
