import { readdir } from 'node:fs/promises';
import path from 'node:path';

function stem(name: string): string {
  return name.toLowerCase().replace(/\.[^.]*$/, '');
}

/**
 * Up to three siblings a missing path may have meant: the same name in another case, or the same
 * stem with another extension. Shown as `. Did you mean:` lines for plain paths only.
 */
export async function similarNames(file: string, shown: string): Promise<string> {
  const directory = path.dirname(file);
  const wanted = path.basename(file);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return '';
  }
  const candidates = names
    .filter(
      (name) =>
        name !== wanted &&
        (name.toLowerCase() === wanted.toLowerCase() || stem(name) === stem(wanted)),
    )
    .sort()
    .slice(0, 3);
  if (candidates.length === 0) return '';
  const shownDirectory = path.dirname(shown);
  const spelled = candidates.map(
    (name) =>
      `- ${shownDirectory === '.' && !shown.startsWith('./') ? name : path.join(shownDirectory, name)}`,
  );
  return `. Did you mean:\n${spelled.join('\n')}`;
}
