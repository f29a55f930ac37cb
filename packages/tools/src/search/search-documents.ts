import type { ResourceDocument } from '@toolcall/resources';

/** What Grep asked for, for an in-process search of text documents. */
export interface DocumentQuery {
  readonly pattern: string;
  readonly mode: 'content' | 'files_with_matches' | 'count';
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
  readonly before: number;
  readonly after: number;
  readonly lineNumbers: boolean;
}

function matchedLines(
  text: string,
  lines: readonly string[],
  expression: RegExp,
  multiline: boolean,
): { hits: Set<number>; count: number } {
  const hits = new Set<number>();
  let count = 0;
  if (!multiline) {
    lines.forEach((line, index) => {
      const found = line.match(expression);
      if (found !== null) {
        hits.add(index);
        count += found.length;
      }
    });
    return { hits, count };
  }
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const lineAt = (position: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  for (const found of text.matchAll(expression)) {
    count += 1;
    const first = lineAt(found.index);
    const last = lineAt(found.index + Math.max(0, found[0].length - 1));
    for (let line = first; line <= last; line += 1) hits.add(line);
  }
  return { hits, count };
}

/**
 * Searches in-process text views (history, shared documents) with Grep's modes and ripgrep's
 * layout, naming each document by its address and numbering lines as Read does.
 */
export function searchDocuments(
  documents: readonly ResourceDocument[],
  query: DocumentQuery,
): { success: true; lines: string[] } | { success: false; message: string } {
  let expression: RegExp;
  try {
    expression = new RegExp(
      query.pattern,
      `g${query.ignoreCase ? 'i' : ''}${query.multiline ? 's' : ''}`,
    );
  } catch (error) {
    return { success: false, message: `search failed: ${(error as Error).message}` };
  }
  const output: string[] = [];
  for (const document of documents) {
    const lines = document.text.replace(/\n$/, '').split('\n');
    const { hits, count } = matchedLines(document.text, lines, expression, query.multiline);
    if (hits.size === 0) continue;
    if (query.mode === 'files_with_matches') {
      output.push(document.address);
      continue;
    }
    if (query.mode === 'count') {
      output.push(`${document.address}:${count}`);
      continue;
    }
    if (output.length > 0) output.push('');
    output.push(document.address);
    const shown = new Set<number>();
    for (const hit of hits) {
      for (
        let line = Math.max(0, hit - query.before);
        line <= Math.min(lines.length - 1, hit + query.after);
        line += 1
      )
        shown.add(line);
    }
    let previous = -2;
    for (const line of [...shown].sort((a, b) => a - b)) {
      if (previous >= 0 && line > previous + 1) output.push('--');
      const separator = hits.has(line) ? ':' : '-';
      output.push(
        query.lineNumbers ? `${line + 1}${separator}${lines[line]}` : (lines[line] as string),
      );
      previous = line;
    }
  }
  return { success: true, lines: output };
}
