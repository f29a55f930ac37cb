import type { BodyLine, Hunk, PatchOperation } from './patch-types.js';

/** A parse result: the operations, or the exact `Invalid patch…` text of the contracts. */
export type ParsedPatch =
  | { readonly success: true; readonly operations: readonly PatchOperation[] }
  | { readonly success: false; readonly message: string };

const ADD = '*** Add File:';
const DELETE = '*** Delete File:';
const UPDATE = '*** Update File:';
const MOVE = '*** Move to:';
const END = '*** End Patch';
const END_OF_FILE = '*** End of File';

const atLine = (line: number, reason: string): ParsedPatch => ({
  success: false,
  message: `Invalid patch at line ${line}: ${reason}`,
});

function isOperationMarker(trimmed: string): boolean {
  return trimmed.startsWith(ADD) || trimmed.startsWith(DELETE) || trimmed.startsWith(UPDATE);
}

function pathAfter(trimmed: string, marker: string): string {
  return trimmed.slice(marker.length).trim();
}

function hunkHeader(text: string): { hint: number | undefined; anchor: string | undefined } {
  const rest = text.slice(2).trim();
  if (rest === '') return { hint: undefined, anchor: undefined };
  if (/^[1-9]\d*$/.test(rest)) return { hint: Number(rest), anchor: undefined };
  return { hint: undefined, anchor: rest };
}

/** Parses the envelope and operations of §2.1 and §2.2; nothing is read or written. */
export function parsePatch(patch: string): ParsedPatch {
  const lines = patch.replace(/\r\n?/g, '\n').trim().split('\n');
  if (lines[0]?.trim() !== '*** Begin Patch') {
    return { success: false, message: "Invalid patch: The first line must be '*** Begin Patch'" };
  }
  if (lines.length < 2 || lines[lines.length - 1]?.trim() !== END) {
    return { success: false, message: "Invalid patch: The last line must be '*** End Patch'" };
  }
  const last = lines.length - 1;
  let index = 1;
  if (lines[index]?.trim().startsWith('*** Environment ID:')) index += 1;
  const operations: PatchOperation[] = [];
  while (index < last) {
    const trimmed = (lines[index] as string).trim();
    const lineNumber = index + 1;
    if (trimmed.startsWith(ADD)) {
      const path = pathAfter(trimmed, ADD);
      if (path === '') return atLine(lineNumber, 'Missing file path');
      index += 1;
      const content: string[] = [];
      while (index < last && !isOperationMarker((lines[index] as string).trim())) {
        const line = lines[index] as string;
        if (!line.startsWith('+')) return atLine(index + 1, "Add lines must start with '+'");
        content.push(line.slice(1));
        index += 1;
      }
      if (content.length === 0) return atLine(lineNumber, 'Add File requires content');
      operations.push({ type: 'add', path, content: `${content.join('\n')}\n` });
    } else if (trimmed.startsWith(DELETE)) {
      const path = pathAfter(trimmed, DELETE);
      if (path === '') return atLine(lineNumber, 'Missing file path');
      operations.push({ type: 'delete', path });
      index += 1;
    } else if (trimmed.startsWith(UPDATE)) {
      const path = pathAfter(trimmed, UPDATE);
      if (path === '') return atLine(lineNumber, 'Missing file path');
      index += 1;
      let moveTo: string | undefined;
      if (index < last && (lines[index] as string).trim().startsWith(MOVE)) {
        moveTo = pathAfter((lines[index] as string).trim(), MOVE);
        if (moveTo === '') return atLine(index + 1, 'Missing file path');
        index += 1;
      }
      const parsed = parseHunks(lines, index, last);
      if (!parsed.success) return parsed.failure;
      index = parsed.next;
      if (parsed.hunks.length === 0 && moveTo === undefined) {
        return atLine(lineNumber, 'Update File requires a hunk');
      }
      operations.push({ type: 'update', path, moveTo, hunks: parsed.hunks });
    } else {
      return atLine(lineNumber, 'Expected a file operation');
    }
  }
  if (operations.length === 0) {
    return { success: false, message: 'Invalid patch: At least one file operation is required' };
  }
  return { success: true, operations };
}

function parseHunks(
  lines: readonly string[],
  start: number,
  last: number,
): { success: true; hunks: Hunk[]; next: number } | { success: false; failure: ParsedPatch } {
  const hunks: Hunk[] = [];
  let current:
    | { hint?: number; anchor?: string; lines: BodyLine[]; endOfFile: boolean; line: number }
    | undefined;
  const close = (): ParsedPatch | undefined => {
    if (current === undefined) return undefined;
    if (current.lines.length === 0) return atLine(current.line, 'Update File requires a hunk');
    hunks.push({
      hint: current.hint,
      anchor: current.anchor,
      lines: current.lines,
      endOfFile: current.endOfFile,
    });
    current = undefined;
    return undefined;
  };
  let index = start;
  for (; index < last; index += 1) {
    const line = lines[index] as string;
    // Markers in an update body are matched after stripping trailing whitespace only.
    const marker = line.trimEnd();
    if (isOperationMarker(marker)) break;
    if (marker === '@@' || marker.startsWith('@@ ')) {
      const failure = close();
      if (failure !== undefined) return { success: false, failure };
      const header = hunkHeader(marker);
      current = { ...header, lines: [], endOfFile: false, line: index + 1 } as typeof current;
      continue;
    }
    if (marker === END_OF_FILE) {
      if (current === undefined || current.lines.length === 0) {
        return { success: false, failure: atLine(index + 1, 'Invalid update line') };
      }
      current.endOfFile = true;
      const failure = close();
      if (failure !== undefined) return { success: false, failure };
      continue;
    }
    const kind = line === '' ? ' ' : line[0];
    if (kind !== ' ' && kind !== '+' && kind !== '-') {
      return { success: false, failure: atLine(index + 1, 'Invalid update line') };
    }
    current ??= { lines: [], endOfFile: false, line: index + 1 };
    current.lines.push({ kind, text: line.slice(1) });
  }
  const failure = close();
  if (failure !== undefined) return { success: false, failure };
  return { success: true, hunks, next: index };
}
