import type { Components, ResourceAddress, SharedTarget, SkillLocator } from './address-types.js';
import { encodeComponent } from './percent-encoding.js';

function joinPath(path: Components): string {
  let text = '';
  for (let i = 0; i < path.length; i++) {
    const component = path[i]!;
    if (component === '' || component === '.' || component === '..') {
      throw new TypeError(
        `Expected path components other than "", "." and "..", received ${JSON.stringify(path)}`,
      );
    }
    text += (i === 0 ? '' : '/') + encodeComponent(component);
  }
  return text;
}

function under(prefix: string, path: Components): string {
  return path.length === 0 ? prefix : `${prefix}/${joinPath(path)}`;
}

function formatLocator(locator: SkillLocator): string {
  if (locator.kind === 'exact') return `${encodeComponent(locator.name)}@${locator.key}`;
  const plugin = locator.plugin === undefined ? '' : `${encodeComponent(locator.plugin)}/`;
  return `${locator.origin}/${plugin}${encodeComponent(locator.name)}`;
}

function formatPointer(tokens: Components): string {
  let text = '';
  for (const token of tokens)
    text += `/${encodeComponent(token.replace(/~/g, '~0').replace(/\//g, '~1'))}`;
  return text;
}

function formatShared(target: SharedTarget): string {
  if (target.kind === 'listing') return 'shared://';
  if (target.kind === 'document') return under(`shared://${target.id}`, target.part);
  if (target.name === 'sheet.png') {
    throw new TypeError(
      'Expected a shared library name other than "sheet.png", received "sheet.png"',
    );
  }
  const name = target.name === undefined ? '' : `/${encodeComponent(target.name)}`;
  return `shared://library${name}${target.sheet ? '/sheet.png' : ''}`;
}

/** Serialises a parsed address in canonical form (the inverse of parseAddress). */
export function formatAddress(address: ResourceAddress): string {
  switch (address.family) {
    case 'work':
      if (address.scope === 'session' && address.path[0] === 'shared') {
        throw new TypeError(
          'Expected a session work path not starting with "shared", received ["shared", …]',
        );
      }
      return address.scope === 'workspace'
        ? under('work://shared', address.path)
        : `work://${joinPath(address.path)}`;
    case 'artifact':
      return `artifact://${address.handle === undefined ? '' : joinPath([address.handle])}`;
    case 'skill':
      return address.locator === undefined
        ? 'skill://'
        : under(`skill://${formatLocator(address.locator)}`, address.path);
    case 'agent':
      if (address.agent === undefined) return 'agent://';
      if (address.agent.length === 0) {
        throw new TypeError('Expected a non-empty retained agent path below root, received []');
      }
      return `${under('agent://root', address.agent)}${
        address.pointer === undefined ? '' : `#${formatPointer(address.pointer)}`
      }`;
    case 'history':
      return address.agent === undefined ? 'history://' : under('history://root', address.agent);
    case 'history-saved':
      return under('history://saved', address.path);
    case 'memory':
      if (address.key === undefined) return 'memory://root';
      if (!/^[0-9a-f]{64}$/.test(address.key)) {
        throw new TypeError(
          `Expected a lowercase SHA-256 memory key, received ${JSON.stringify(address.key)}`,
        );
      }
      return under(`memory://${address.key}`, address.path);
    case 'journal':
      return `memory://journal/${address.file === undefined ? '' : joinPath([address.file])}`;
    case 'mcp':
      if (address.server === undefined) return 'mcp://';
      return `mcp://${encodeComponent(address.server)}${
        address.uri === undefined ? '' : `/${encodeComponent(address.uri)}`
      }`;
    case 'shared':
      return formatShared(address.target);
    case 'toolcall':
      return `toolcall://${joinPath(address.path)}`;
  }
}
