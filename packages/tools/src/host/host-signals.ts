import { constants } from 'node:os';

/**
 * What a host stops before it exits on a signal. Every host (the CLI's commands, the MCP
 * server, the Emacs bridge) registers the `close` of each tool set it opens, which stops every
 * managed process group of that set (`ExecManager.teardown`), and unregisters it once closed.
 * The registry lives on `globalThis`: bundles that each carry a copy of this module (a host's
 * entry and its command bundle) still share one.
 */
const REGISTRY = Symbol.for('toolcall.host.cleanups');

type Cleanups = Set<() => Promise<void>>;

function cleanups(): Cleanups {
  const global = globalThis as { [REGISTRY]?: Cleanups };
  global[REGISTRY] ??= new Set();
  return global[REGISTRY];
}

/** The signals a host stops on: a supervisor's TERM, a closed terminal's HUP, Ctrl-C. */
export const HOST_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;

/** A signal a host stops on. */
export type HostSignal = (typeof HOST_SIGNALS)[number];

/** The exit code of a process ended by `signal`: 128 plus its number (SIGTERM: 143). */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + (constants.signals[signal] ?? 0);
}

/**
 * Registers `close` to run when the host stops on a signal; returns the function that
 * unregisters it. `close` runs at most once, whether the host or the signal calls it first:
 * call the returned `close` in the host's own ending too.
 */
export function registerHostCleanup(close: () => Promise<void>): {
  close: () => Promise<void>;
  unregister: () => void;
} {
  let running: Promise<void> | undefined;
  const once = () => {
    running ??= close();
    return running;
  };
  cleanups().add(once);
  return {
    close: async () => {
      try {
        await once();
      } finally {
        cleanups().delete(once);
      }
    },
    unregister: () => cleanups().delete(once),
  };
}

/** Runs every registered cleanup at once and resolves when all have ended, failed ones too. */
export async function runHostCleanups(): Promise<void> {
  const all = [...cleanups()];
  await Promise.allSettled(all.map((close) => close()));
  for (const close of all) cleanups().delete(close);
}

/** Resolves when `promise` settles or `ms` has passed, whichever comes first. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([promise.catch(() => undefined), timeout]);
  clearTimeout(timer);
}

/** Options of `handleHostSignals`. */
export interface HostSignalOptions {
  /**
   * Called on the first signal, before the cleanups: a host starts its own orderly ending
   * here (cancel the running call, close the server). `ended` then waits for it.
   */
  onSignal?: (signal: HostSignal) => void;
  /** Resolves once the host's own ending is done; waited for at most `graceMs`. */
  ended?: () => Promise<unknown>;
  /**
   * How long the host's own ending may take before the cleanups run anyway, and how long the
   * cleanups may take before the exit; default 10 s each.
   */
  graceMs?: number;
  /** Ends the process; default `process.exit`. */
  exit?: (code: number) => void;
  /** Where signals come from; default `process`. */
  source?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}

/**
 * Handles SIGTERM, SIGHUP and SIGINT for a host: on the first, `onSignal`, then the host's own
 * ending, then every registered cleanup (each managed process group stopped), each bounded by
 * `graceMs`, then exit with 128 + the signal's number. A second signal while this runs exits at
 * once with its own code (the exec manager's exit hook still kills what it manages). Returns
 * the signal received so far, and a function that removes the handlers.
 */
export function handleHostSignals(options: HostSignalOptions = {}): {
  received: () => HostSignal | undefined;
  dispose: () => void;
} {
  const source = options.source ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const graceMs = options.graceMs ?? 10_000;
  let received: HostSignal | undefined;
  const handlers = HOST_SIGNALS.map((signal) => {
    const handler = () => {
      if (received !== undefined) {
        exit(signalExitCode(signal));
        return;
      }
      received = signal;
      void stop(signal);
    };
    source.on(signal, handler);
    return [signal, handler] as const;
  });
  const stop = async (signal: HostSignal) => {
    try {
      options.onSignal?.(signal);
      if (options.ended !== undefined) await within(options.ended(), graceMs);
      // Bounded too: at exit, the exec manager's exit hook kills what a stuck cleanup left.
      await within(runHostCleanups(), graceMs);
    } finally {
      exit(signalExitCode(signal));
    }
  };
  return {
    received: () => received,
    dispose: () => {
      for (const [signal, handler] of handlers) source.off(signal, handler);
    },
  };
}
