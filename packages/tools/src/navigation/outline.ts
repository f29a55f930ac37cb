import { languageFor } from './languages.js';
import { collectOutline } from './outline/collect.js';
import { formatOutline } from './outline/format.js';
import { RULES } from './outline/rules-for.js';
import { withTree } from './tree-cache.js';

/** An outline result: a success text, or an error text already in the tool's wording. */
export type OutlineText = { success: true; value: string } | { success: false; error: string };

/**
 * Builds the outline text of `text`, naming the file by `path` as the caller wrote it;
 * `cacheKey` (the absolute path) lets a later call reuse the syntax tree.
 */
export async function outlineText(
  path: string,
  text: string,
  cacheKey?: string,
): Promise<OutlineText> {
  const language = languageFor(path, text);
  if (language === undefined) {
    return { success: true, value: `No imenu support or no symbols found in ${path}` };
  }
  try {
    const entries = await withTree(cacheKey, language, text, (tree) =>
      collectOutline(tree, RULES[language.id]),
    );
    if (entries.length === 0) return { success: true, value: `No symbols found in ${path}` };
    return { success: true, value: formatOutline(path, entries) };
  } catch (error) {
    return {
      success: false,
      error: `Error listing symbols in ${path}: ${(error as Error).message}`,
    };
  }
}
