import type { ResourceAddress } from './address-types.js';
import {
  decodeOne,
  decodePath,
  firstComponent,
  invalid,
  isFailure,
  type ParseFailure,
  parseKey,
  splitRaw,
} from './split-components.js';

function parseJournal(tail: string, strict: boolean): ResourceAddress | ParseFailure {
  if (tail === '/') return { family: 'journal', file: undefined };
  if (tail === '') {
    if (strict)
      return invalid('trailing-slash', 'the journal listing keeps its slash: memory://journal/');
    return { family: 'journal', file: undefined };
  }
  const raws = splitRaw(tail.slice(1), strict);
  if (isFailure(raws)) return raws;
  if (raws.length > 1) return invalid('grammar', 'a journal file is one component');
  const file = decodeOne(raws[0]!, strict, 'path');
  if (isFailure(file)) return file;
  return { family: 'journal', file };
}

/** Parses the part after `memory://`: `root`, `KEY[/REL]` or `journal/[FILE]`. */
export function parseMemory(rest: string, strict: boolean): ResourceAddress | ParseFailure {
  if (rest === '')
    return invalid('grammar', 'use memory://root, memory://KEY/REL or memory://journal/');
  const first = firstComponent(rest, strict);
  if (isFailure(first)) return first;
  const slash = rest.indexOf('/');
  if (first === 'journal') return parseJournal(slash < 0 ? '' : rest.slice(slash), strict);
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  if (first === 'root') {
    if (raws.length > 1)
      return invalid('grammar', 'memory://root is a union query with no descendants');
    return { family: 'memory', key: undefined, path: [] };
  }
  const key = parseKey(first, strict, 'a memory root key');
  if (isFailure(key)) return key;
  const path = decodePath(raws, 1, strict);
  if (isFailure(path)) return path;
  return { family: 'memory', key, path };
}
