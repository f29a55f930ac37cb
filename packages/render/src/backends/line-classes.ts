/** How one body line of a diff or grep body is highlighted. */
export type LineClass =
  | { readonly kind: 'diff-add' | 'diff-del' | 'diff-hunk' | 'diff-meta' }
  | { readonly kind: 'grep-path' | 'grep-separator' }
  | { readonly kind: 'grep-hit' | 'grep-context'; readonly split: number };

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function classifyDiff(line: string): LineClass | null {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ')) {
    return { kind: 'diff-meta' };
  }
  if (line.startsWith('index ') || line.startsWith('*** ')) return { kind: 'diff-meta' };
  const first = line.charCodeAt(0);
  if (first === 0x2b) return { kind: 'diff-add' };
  if (first === 0x2d) return { kind: 'diff-del' };
  if (line.startsWith('@@')) return { kind: 'diff-hunk' };
  return null;
}

function classifyGrep(line: string): LineClass | null {
  if (line === '') return null;
  if (line === '--') return { kind: 'grep-separator' };
  let index = 0;
  while (index < line.length && isDigit(line.charCodeAt(index))) index += 1;
  if (index > 0 && index < line.length) {
    const mark = line.charCodeAt(index);
    if (mark === 0x3a) return { kind: 'grep-hit', split: index + 1 };
    if (mark === 0x2d) return { kind: 'grep-context', split: index + 1 };
  }
  return { kind: 'grep-path' };
}

/** Classifies one body line for syntax highlighting, or null for plain text. */
export function classifyLine(mode: string, line: string): LineClass | null {
  if (mode === 'diff') return classifyDiff(line);
  if (mode === 'grep') return classifyGrep(line);
  return null;
}
