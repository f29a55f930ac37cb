import type { AgentAddress, ResourceAddress } from './address-types.js';
import {
  decodeOne,
  decodePath,
  firstComponent,
  invalid,
  isFailure,
  type ParseFailure,
  splitRaw,
} from './split-components.js';

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

/** Parses the part after `agent://` and its fragment. */
export function parseAgent(
  rest: string,
  strict: boolean,
  fragment: string | undefined,
): ResourceAddress | ParseFailure {
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

/** Parses the part after `history://`: bare, `root[/PATH]` or `saved[/…]`. */
export function parseHistory(rest: string, strict: boolean): ResourceAddress | ParseFailure {
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
