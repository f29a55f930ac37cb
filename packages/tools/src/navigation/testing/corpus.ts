import { lstatSync, readdirSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LanguageId, languageFor } from '../languages.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** Where the corpus comes from, and how much of it to take. */
export interface CorpusOptions {
  /** Files taken per language at most. */
  readonly perLanguage: number;
  /** Files larger than this many bytes are passed over. */
  readonly maxBytes: number;
}

/**
 * Source files installed in this repository's node_modules, up to `perLanguage` of each
 * language with a grammar, found in a fixed order (sorted names, breadth first) so every run
 * reads the same files. Which languages turn up depends on the installed packages.
 */
export function corpusFiles({ perLanguage, maxBytes }: CorpusOptions): [LanguageId, string][] {
  const found: [LanguageId, string][] = [];
  const counts = new Map<LanguageId, number>();
  const queue = [join(repoRoot, 'node_modules/.pnpm')];
  // Enough directories for a few hundred files, without reading the whole store.
  for (let visited = 0; queue.length > 0 && visited < 20_000; visited++) {
    const directory = queue.shift() as string;
    let names: string[];
    try {
      names = readdirSync(directory).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(directory, name);
      let stats: ReturnType<typeof lstatSync>;
      try {
        stats = lstatSync(path);
      } catch {
        continue;
      }
      // Links lead to packages the walk reaches anyway (and can loop).
      if (stats.isDirectory()) {
        queue.push(path);
        continue;
      }
      if (!stats.isFile() || stats.size > maxBytes || extname(name) === '') continue;
      const language = languageFor(path, '')?.id;
      if (language === undefined || (counts.get(language) ?? 0) >= perLanguage) continue;
      counts.set(language, (counts.get(language) ?? 0) + 1);
      found.push([language, path]);
    }
  }
  return found;
}
