import { bufferText } from './buffer-text.js';
import { languageFor } from './languages.js';
import { formatOutline } from './outline/format.js';
import { outlineEntries } from './split/outline-entries.js';

/** An outline result: a success text, or an error text already in the tool's wording. */
export type OutlineText = { success: true; value: string } | { success: false; error: string };

/** How an outline is made. */
export interface OutlineOptions {
  /**
   * Whether a large file may be parsed in two parts at once, one in the navigation parse
   * worker (started by `loadLanguage`); defaults to true. The outline is the same either way.
   */
  readonly parseWorker?: boolean | undefined;
}

/**
 * Builds the outline text of `text`, naming the file by `path` as the caller wrote it;
 * `cacheKey` (the absolute path) lets a later call reuse the syntax tree.
 */
export async function outlineText(
  path: string,
  text: string,
  cacheKey?: string,
  options: OutlineOptions = {},
): Promise<OutlineText> {
  // The text Emacs would parse (see `bufferText`); DOS line ends and a BOM keep every line.
  const buffer = bufferText(text);
  const language = languageFor(path, buffer);
  if (language === undefined) {
    return { success: true, value: `No imenu support or no symbols found in ${path}` };
  }
  try {
    const entries = await outlineEntries(cacheKey, language, buffer, options.parseWorker !== false);
    if (entries.length === 0) return { success: true, value: `No symbols found in ${path}` };
    return { success: true, value: formatOutline(path, entries) };
  } catch (error) {
    return {
      success: false,
      error: `Error listing symbols in ${path}: ${(error as Error).message}`,
    };
  }
}
