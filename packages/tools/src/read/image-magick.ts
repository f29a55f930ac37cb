import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { runHelper } from '../helpers/run-helper.js';

const PROBE_TIMEOUT_MS = 10_000;

// One probe per PATH value: a call with a changed PATH probes again.
const probes = new Map<string, Promise<string | undefined>>();

async function isImageMagick(candidate: string): Promise<boolean> {
  try {
    await access(candidate, constants.X_OK);
  } catch {
    return false;
  }
  const run = await runHelper({
    argv: [candidate, '-version'],
    readRoots: [],
    timeoutMs: PROBE_TIMEOUT_MS,
    maxOutputBytes: 64 * 1024,
  });
  return run.spawnError === undefined && /ImageMagick/.test(run.stdout.toString('utf8'));
}

async function probe(searchPath: string): Promise<string | undefined> {
  const directories = searchPath.split(path.delimiter).filter((entry) => path.isAbsolute(entry));
  // `magick` (ImageMagick 7) anywhere on PATH wins over `convert`, which other packages also
  // ship under that name; each candidate must say it is ImageMagick.
  for (const name of ['magick', 'convert']) {
    for (const directory of directories) {
      const candidate = path.join(directory, name);
      if (await isImageMagick(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The absolute path of ImageMagick's `magick`, else its `convert`, found on `searchPath`
 * (default `PATH`) and verified by its `-version` output; `undefined` when there is none.
 * The answer is cached per search path.
 */
export function findImageMagick(searchPath = process.env.PATH ?? ''): Promise<string | undefined> {
  let found = probes.get(searchPath);
  if (found === undefined) {
    found = probe(searchPath);
    probes.set(searchPath, found);
  }
  return found;
}
