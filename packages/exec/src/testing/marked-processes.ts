import { readdirSync, readFileSync } from 'node:fs';

function readText(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

/** Live (non-zombie) processes with `marker` in their command line or environment. */
export function liveMarked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      const stat = readText(`/proc/${name}/stat`);
      const state = stat.charAt(stat.lastIndexOf(')') + 2);
      if (state === '' || state === 'Z' || state === 'X') return false;
      return (
        readText(`/proc/${name}/cmdline`).includes(marker) ||
        readText(`/proc/${name}/environ`).includes(marker)
      );
    })
    .map(Number);
}

/** Polls `check` every 20 ms; true once it holds, else its last answer after `attempts`. */
export async function until(check: () => boolean, attempts = 250): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** Kills whatever still carries one of `markers` (a test's cleanup), emptying the list. */
export function killMarked(markers: string[]): void {
  for (const pid of markers.splice(0).flatMap(liveMarked)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
