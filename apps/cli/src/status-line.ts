import type { Pipeline, ToolCallProgress } from '@toolcall/pipeline';
import type { CliIo } from './io.js';
import type { ProgressHub } from './progress.js';

/** The counts one status line shows. */
export interface StatusCounts {
  readonly running: readonly string[];
  readonly completed: number;
  readonly failed: number;
  readonly denied: number;
  readonly cancelled: number;
  /** Calls of a parallel join waiting for a free slot. */
  readonly queued: number;
  readonly waiting: number;
}

/**
 * `⟳ Bash · 1 done, 0 failed, 0 denied, 1 cancelled, 6 queued, 1 waiting for approval · 0.4s`:
 * cancelled, queued and waiting calls are named only when there are some.
 */
export function statusLineText(counts: StatusCounts, seconds: string): string {
  const cancelled = counts.cancelled > 0 ? `, ${counts.cancelled} cancelled` : '';
  const queued = counts.queued > 0 ? `, ${counts.queued} queued` : '';
  const waiting = counts.waiting > 0 ? `, ${counts.waiting} waiting for approval` : '';
  return `⟳ ${counts.running.join(' ') || 'idle'} · ${counts.completed} done, ${counts.failed} failed, ${counts.denied} denied${cancelled}${queued}${waiting} · ${seconds}s`;
}

/**
 * One live line on a terminal's stderr: the active tools, completed/failed/denied/cancelled
 * counts, the calls waiting for approval and elapsed time. A ToolCall script is drawn from its
 * driver's aggregate; a single call from the pipeline's events. Nothing is drawn when stderr is
 * not a terminal.
 */
export function startStatusLine(
  pipeline: Pipeline,
  io: CliIo,
  progress?: Pick<ProgressHub, 'subscribe'>,
): { stop(): void; pause(paused: boolean): void } {
  if (io.stderr.isTTY !== true) return { stop() {}, pause() {} };
  const started = Date.now();
  const active = new Map<string, string>();
  let completed = 0;
  let failed = 0;
  let denied = 0;
  let cancelled = 0;
  // The latest aggregate of the running script, once it has published one.
  let script: ToolCallProgress | undefined;
  let paused = false;
  const draw = () => {
    if (paused) return;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const counts: StatusCounts =
      script === undefined
        ? {
            running: [...active.values()],
            completed,
            failed,
            denied,
            cancelled,
            queued: 0,
            waiting: 0,
          }
        : { ...script, running: script.active };
    io.stderr.write(`\r\x1b[K${statusLineText(counts, seconds)}`);
  };
  const unsubscribe = pipeline.subscribe((event) => {
    if (event.toolName === 'ToolCall') return;
    if (event.type === 'started') active.set(event.toolUseId, event.toolName);
    if (event.type === 'settled') {
      active.delete(event.toolUseId);
      if (event.outcome.status === 'success') completed += 1;
      else if (event.outcome.error?.code === 'denied') denied += 1;
      else if (event.outcome.error?.code === 'cancelled') cancelled += 1;
      else failed += 1;
    }
    draw();
  });
  const unsubscribeProgress =
    progress?.subscribe((update) => {
      script = update;
      draw();
    }) ?? (() => {});
  const timer = setInterval(draw, 250);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      unsubscribe();
      unsubscribeProgress();
      io.stderr.write('\r\x1b[K');
    },
    pause(value) {
      paused = value;
      if (value) io.stderr.write('\r\x1b[K');
    },
  };
}
