import type { ToolCallProgress } from '@toolcall/pipeline';

/** Fans ToolCall's live aggregate out to whoever draws it (the status line, MCP progress). */
export interface ProgressHub {
  /** The tool set's `onProgress`. */
  publish(progress: ToolCallProgress): void;
  /** Receives every aggregate until the returned function is called. */
  subscribe(listener: (progress: ToolCallProgress) => void): () => void;
}

export function createProgressHub(): ProgressHub {
  const listeners = new Set<(progress: ToolCallProgress) => void>();
  return {
    publish(progress) {
      for (const listener of listeners) {
        try {
          listener(progress);
        } catch {
          // A drawing that failed must not fail the script.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * `Read, Grep · 3 done · 1 failed · 1 cancelled · 6 queued · 1 waiting for approval`: the running tools,
 * then the counts (a zero count other than done is left out).
 */
export function describeProgress(progress: ToolCallProgress): string {
  return [
    progress.active.join(', '),
    `${progress.completed} done`,
    progress.failed > 0 ? `${progress.failed} failed` : '',
    progress.denied > 0 ? `${progress.denied} denied` : '',
    progress.cancelled > 0 ? `${progress.cancelled} cancelled` : '',
    progress.queued > 0 ? `${progress.queued} queued` : '',
    progress.waiting > 0 ? `${progress.waiting} waiting for approval` : '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
}
