import { encodeComponent } from './percent-encoding.js';

/** One private backing root and the address that stands for it. */
export interface PathMapping {
  readonly backingPath: string;
  readonly address: string;
}

/** Maps private backing paths to the addresses the model may see. */
export interface PathRewriter {
  /** The address for one exact backing path, or undefined when it lies under no root. */
  toAddress(path: string): string | undefined;
  /** Replaces every backing path in free text (helper output, messages) with its address. */
  rewrite(text: string): string;
}

/** Appends relative components to an address, inserting `/` unless the address ends with one. */
export function appendToAddress(address: string, components: readonly string[]): string {
  if (components.length === 0) return address;
  const tail = components.map(encodeComponent).join('/');
  return address.endsWith('/') ? `${address}${tail}` : `${address}/${tail}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function trimSeparators(path: string): string {
  let end = path.length;
  while (end > 1 && (path[end - 1] === '/' || path[end - 1] === '\\')) end--;
  return path.slice(0, end);
}

/**
 * Creates a rewriter for the given roots. In free text a path continues up to
 * whitespace, a colon, a quote or a bracket, which is how ripgrep, Glob and Node
 * errors delimit paths; use `toAddress` with exact paths (ripgrep `--null`) otherwise.
 */
export function createPathRewriter(mappings: readonly PathMapping[]): PathRewriter {
  const roots = mappings
    .map((mapping) => ({ root: trimSeparators(mapping.backingPath), address: mapping.address }))
    .filter((mapping) => mapping.root.length > 1)
    .sort((a, b) => b.root.length - a.root.length);
  const toAddress = (path: string): string | undefined => {
    for (const { root, address } of roots) {
      if (path === root) return address;
      const next = path[root.length];
      if (path.startsWith(root) && (next === '/' || next === '\\')) {
        const components = path
          .slice(root.length + 1)
          .split(/[/\\]/)
          .filter((part) => part !== '');
        if (components.some((part) => part === '.' || part === '..')) return undefined;
        return appendToAddress(address, components);
      }
    }
    return undefined;
  };
  if (roots.length === 0) return { toAddress, rewrite: (text) => text };
  const pattern = new RegExp(
    `(?:${roots.map(({ root }) => escapeRegExp(root)).join('|')})(?![^/\\\\\\s:'"\`<>|(){}\\[\\],;])(?:[/\\\\][^\\s:'"\`<>|(){}\\[\\],;]*)?`,
    'g',
  );
  const rewrite = (text: string): string =>
    text.replace(pattern, (match) => {
      const exact = toAddress(trimSeparators(match));
      if (exact !== undefined) return exact;
      const mapping = roots.find(({ root }) => match.startsWith(root))!;
      return `${mapping.address}${match.slice(mapping.root.length)}`;
    });
  return { toAddress, rewrite };
}
