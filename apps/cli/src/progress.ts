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
