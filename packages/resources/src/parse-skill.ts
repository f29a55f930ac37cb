import { type ResourceAddress, type SkillOrigin, skillOrigins } from './address-types.js';
import {
  decodeOne,
  decodePath,
  invalid,
  isFailure,
  type ParseFailure,
  parseKey,
  splitRaw,
} from './split-components.js';

/** Parses the part after `skill://`: bare, `NAME@SHA256[/REL]` or `ORIGIN/SKILL[/REL]`. */
export function parseSkill(rest: string, strict: boolean): ResourceAddress | ParseFailure {
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
