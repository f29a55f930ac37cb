import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArtifactStore } from '@toolcall/pipeline';

/**
 * Persists oversized results as `SESSION/artifacts/TOOL-ID.txt` and answers with the
 * `artifact://` address that Read resolves in the same session (minimal; to move to a package).
 */
export function createSessionArtifacts(sessionDirectory: string): ArtifactStore {
  return {
    async put({ text, toolName, toolUseId }) {
      const name = `${toolName}-${toolUseId}`.replace(/[^A-Za-z0-9._-]/g, '_').concat('.txt');
      await mkdir(join(sessionDirectory, 'artifacts'), { recursive: true });
      await writeFile(join(sessionDirectory, 'artifacts', name), text);
      return { address: `artifact://${name}` };
    },
  };
}
