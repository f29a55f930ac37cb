import {
  type AgentAddress,
  type ResourceAddress,
  type ResourceScheme,
  type SkillOrigin,
  skillOrigins,
} from './address-types.js';
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

const sha256Hex = /^[0-9a-f]{64}$/;
const sha256AnyCase = /^[0-9a-fA-F]{64}$/;
const sharedId = /^[a-zA-Z0-9_-]{1,80}$/;

function parseKey(raw: string, strict: boolean, what: string): string | ParseFailure {
  if (sha256Hex.test(raw)) return raw;
  if (!strict && sha256AnyCase.test(raw)) return raw.toLowerCase();
  if (sha256AnyCase.test(raw)) return invalid('noncanonical', `${what} must be lowercase hex`);
  return invalid('grammar', `${what} must be a full lowercase SHA-256 hex digest`);
}

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

function parseSkill(rest: string, strict: boolean): Parsed {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  if (raws.length === 0) return { family: 'skill', locator: undefined, path: [] };
  const first = raws[0]!;
  const at = first.indexOf('@');
  if (at >= 0) {
    const name = decodeOne(first.slice(0, at), strict, 'path');
    if (isFailure(name)) return name;
    if (name === '') return invalid('grammar', 'a skill locator needs a NAME before @');
    const rawKey = decodeOne(first.slice(at + 1), strict, 'path');
    if (isFailure(rawKey)) return rawKey;
    const key = parseKey(rawKey, strict, 'the skill source key');
    if (isFailure(key)) return key;
    const path = decodePath(raws, 1, strict);
    if (isFailure(path)) return path;
    return { family: 'skill', locator: { kind: 'exact', name, key }, path };
  }
  const origin = decodeOne(first, strict, 'path');
  if (isFailure(origin)) return origin;
  if (!(skillOrigins as readonly string[]).includes(origin)) {
    return invalid(
      'grammar',
      'a skill address is skill://NAME@SHA256 or skill://ORIGIN/SKILL; there is no unqualified skill://NAME',
    );
  }
  const isPlugin = origin === 'plugin';
  const nameIndex = isPlugin ? 2 : 1;
  if (raws.length <= nameIndex) {
    return invalid(
      'grammar',
      isPlugin ? 'skill://plugin/PLUGIN/SKILL needs both names' : 'the alias needs a SKILL name',
    );
  }
  const path = decodePath(raws, 1, strict);
  if (isFailure(path)) return path;
  const plugin = isPlugin ? path[0] : undefined;
  const name = path[nameIndex - 1]!;
  return {
    family: 'skill',
    locator: { kind: 'alias', origin: origin as SkillOrigin, plugin, name },
    path: path.slice(nameIndex),
  };
}

function parsePointer(fragment: string, strict: boolean): string[] | ParseFailure {
  if (fragment === '') return [];
  if (fragment[0] !== '/')
    return invalid('grammar', 'a JSON pointer fragment is empty or starts with /');
  const tokens: string[] = [];
  for (const raw of fragment.slice(1).split('/')) {
    const decoded = decodeOne(raw, strict, 'pointer');
    if (isFailure(decoded)) return decoded;
    if (/~(?![01])/.test(decoded))
      return invalid('grammar', 'a JSON pointer ~ must be followed by 0 or 1');
    tokens.push(decoded.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return tokens;
}

function parseAgentPath(rest: string, strict: boolean, required: boolean): string[] | ParseFailure {
  const raws = splitRaw(rest, strict);
  if (isFailure(raws)) return raws;
  const path = decodePath(raws, 0, strict);
  if (isFailure(path)) return path;
  if (path[0] !== 'root') {
    return invalid(
      'grammar',
      'retained agents are named from root (caller-relative paths and storage ids are rejected)',
    );
  }
  if (required && path.length < 2)
    return invalid('grammar', 'agent://root/PATH needs a retained agent PATH');
  return path.slice(1);
}

function parseAgent(rest: string, strict: boolean, fragment: string | undefined): Parsed {
  if (rest === '') {
    if (fragment !== undefined)
      return invalid('fragment', 'the bare agent:// listing takes no fragment');
    return { family: 'agent', agent: undefined, pointer: undefined };
  }
  const agent = parseAgentPath(rest, strict, true);
  if (isFailure(agent)) return agent;
  const pointer = fragment === undefined ? undefined : parsePointer(fragment, strict);
  if (isFailure(pointer)) return pointer;
  const address: AgentAddress = { family: 'agent', agent, pointer };
  return address;
}

function firstComponent(rest: string, strict: boolean): string | ParseFailure {
  const slash = rest.indexOf('/');
  return decodeOne(slash < 0 ? rest : rest.slice(0, slash), strict, 'path');
}

function parseHistory(rest: string, strict: boolean): Parsed {
  if (rest === '') return { family: 'history', agent: undefined };
  const first = firstComponent(rest, strict);
  if (first === 'saved') {
    const raws = splitRaw(rest, strict);
    if (isFailure(raws)) return raws;
    const path = decodePath(raws, 1, strict);
    if (isFailure(path)) return path;
    return { family: 'history-saved', path };
  }
  const agent = parseAgentPath(rest, strict, false);
  if (isFailure(agent)) return agent;
  return { family: 'history', agent };
}

function parseJournal(tail: string, strict: boolean): Parsed {
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

function parseMemory(rest: string, strict: boolean): Parsed {
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
