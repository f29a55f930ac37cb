import { randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArtifactStore } from '@toolcall/pipeline';
import type { ArtifactBytesStore } from '@toolcall/tools';

// One path component of safe characters, never hidden.
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_') || 'artifact';
}

// `report.pdf` → `report-2.pdf`: the suffix goes before the extension.
function variant(name: string, n: number): string {
  if (n === 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
}

/**
 * Persists oversized results as `SESSION/artifacts/TOOL-ID.txt` and saved files (WebFetch's
 * PDFs) under their own names, answering with the `artifact://` address that Read resolves
 * in the same session (minimal; to move to a package).
 */
export function createSessionArtifacts(
  sessionDirectory: string,
): ArtifactStore & ArtifactBytesStore {
  const directory = join(sessionDirectory, 'artifacts');
  return {
    async put({ text, toolName, toolUseId }) {
      const name = `${toolName}-${toolUseId}`.replace(/[^A-Za-z0-9._-]/g, '_').concat('.txt');
      await mkdir(directory, { recursive: true });
      await writeFile(join(directory, name), text);
      return { address: `artifact://${name}` };
    },
    // Written under a private temporary name, then linked to the first free variant of the
    // name: a reader never sees a half-written file and no earlier artifact is replaced.
    async putBytes({ bytes, name }) {
      const wanted = safeName(name);
      await mkdir(directory, { recursive: true });
      const temporary = join(directory, `.${randomUUID()}.partial`);
      await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      try {
        for (let n = 1; ; n += 1) {
          const candidate = variant(wanted, n);
          try {
            await link(temporary, join(directory, candidate));
            return { address: `artifact://${candidate}` };
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
        }
      } finally {
        await rm(temporary, { force: true });
      }
    },
  };
}
