import type { Pipeline } from '@toolcall/pipeline';
import type { CliIo } from './io.js';

/**
 * One live line on a terminal's stderr: the active tools, completed/failed/denied counts and
 * elapsed time. Nothing is drawn when stderr is not a terminal.
 */
export function startStatusLine(
  pipeline: Pipeline,
  io: CliIo,
): { stop(): void; pause(paused: boolean): void } {
  if (io.stderr.isTTY !== true) return { stop() {}, pause() {} };
  const started = Date.now();
  const active = new Map<string, string>();
  let completed = 0;
  let failed = 0;
  let denied = 0;
  let paused = false;
  const draw = () => {
    if (paused) return;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const running = [...active.values()].join(' ') || 'idle';
    io.stderr.write(
      `\r\x1b[K⟳ ${running} · ${completed} done, ${failed} failed, ${denied} denied · ${seconds}s`,
    );
  };
  const unsubscribe = pipeline.subscribe((event) => {
    if (event.toolName === 'ToolCall') return;
    if (event.type === 'started') active.set(event.toolUseId, event.toolName);
    if (event.type === 'settled') {
      active.delete(event.toolUseId);
      if (event.outcome.status === 'success') completed += 1;
      else if (event.outcome.error?.code === 'denied') denied += 1;
      else failed += 1;
    }
    draw();
  });
  const timer = setInterval(draw, 250);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      unsubscribe();
      io.stderr.write('\r\x1b[K');
    },
    pause(value) {
      paused = value;
      if (value) io.stderr.write('\r\x1b[K');
    },
  };
}
