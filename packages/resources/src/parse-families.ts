import type { ResourceAddress, ResourceScheme } from './address-types.js';
import { parseAgent, parseHistory } from './parse-agent.js';
import { parseMemory } from './parse-memory.js';
import { parseSkill } from './parse-skill.js';
import {
  decodeOne,
  decodePath,
  invalid,
  isFailure,
  type ParseFailure,
  splitRaw,
} from './split-components.js';

type Parsed = ResourceAddress | ParseFailure;
type FamilyParser = (rest: string, strict: boolean, fragment: string | undefined) => Parsed;

const sharedId = /^[a-zA-Z0-9_-]{1,80}$/;

function parseWork(rest: string, strict: boolean): Parsed {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  const path = decodePath(raws, 0, strict);
  if (isFailure(path)) return path;
  if (path[0] === 'shared') return { family: 'work', scope: 'workspace', path: path.slice(1) };
  return { family: 'work', scope: 'session', path };
}

function parseArtifact(rest: string, strict: boolean): Parsed {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  if (raws.length > 1) return invalid('grammar', 'an artifact handle is one component');
  const path = decodePath(raws, 0, strict);
  if (isFailure(path)) return path;
  return { family: 'artifact', handle: path[0] };
}

function parseMcp(rest: string, strict: boolean): Parsed {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  if (raws.length > 2) {
    return invalid(
      'grammar',
      'mcp://SERVER/URI has two encoded components; encode / inside the URI as %2F',
    );
  }
  const parts: string[] = [];
  for (const raw of raws) {
    const decoded = decodeOne(raw, strict, 'opaque');
    if (isFailure(decoded)) return decoded;
    parts.push(decoded);
  }
  return { family: 'mcp', server: parts[0], uri: parts[1] };
}

function parseShared(rest: string, strict: boolean): Parsed {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  const path = decodePath(raws, 0, strict);
  if (isFailure(path)) return path;
  if (path.length === 0) return { family: 'shared', target: { kind: 'listing' } };
  if (path[0] === 'library') {
    const tail = path.slice(1);
    const sheet = tail[tail.length - 1] === 'sheet.png';
    if (sheet) tail.pop();
    if (tail.length > 1) return invalid('grammar', 'shared://library[/NAME][/sheet.png]');
    return { family: 'shared', target: { kind: 'library', name: tail[0], sheet } };
  }
  if (!sharedId.test(path[0]!)) return invalid('grammar', 'shared ids match [a-zA-Z0-9_-]{1,80}');
  return { family: 'shared', target: { kind: 'document', id: path[0]!, part: path.slice(1) } };
}

function parseToolcall(rest: string, strict: boolean): Parsed {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  const path = decodePath(raws, 0, strict);
  if (isFailure(path)) return path;
  return { family: 'toolcall', path };
}

/** The grammar of each scheme; `rest` is the text after `scheme://` without a fragment. */
export const familyParsers: Readonly<Record<ResourceScheme, FamilyParser>> = {
  work: parseWork,
  artifact: parseArtifact,
  skill: parseSkill,
  agent: parseAgent,
  history: parseHistory,
  memory: parseMemory,
  mcp: parseMcp,
  shared: parseShared,
  toolcall: parseToolcall,
};
