import { load } from 'js-yaml';

/** A SKILL.md split into its parsed front matter and its Markdown body. */
export interface FrontMatter {
  readonly data: Readonly<Record<string, unknown>>;
  readonly body: string;
}

/** The outcome of reading a SKILL.md: the parts, or the reason the file is not a skill. */
export type FrontMatterResult =
  | { readonly success: true; readonly value: FrontMatter }
  | { readonly success: false; readonly reason: string };

const FENCE = /^---[ \t]*$/;

function failure(reason: string): FrontMatterResult {
  return { success: false, reason };
}

function kindOf(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

function notMapping(value: unknown): string {
  return `the front matter must be a mapping of keys (name, description, …), found ${kindOf(value)}`;
}

// js-yaml's marks count lines from 0 within the YAML text, which starts on the file's line 2.
function yamlReason(error: unknown): string {
  const { reason, mark } = error as {
    reason?: unknown;
    mark?: { line?: unknown; column?: unknown };
  };
  const what = typeof reason === 'string' ? reason : String((error as Error)?.message ?? error);
  if (typeof mark?.line === 'number' && typeof mark.column === 'number') {
    return `invalid YAML in the front matter at line ${mark.line + 2}, column ${mark.column + 1}: ${what}`;
  }
  return `invalid YAML in the front matter: ${what}`;
}

/**
 * Splits a SKILL.md into its YAML front matter (between a first line `---` and the next `---`
 * line) and its body; the YAML is parsed with the core schema, duplicate keys and aliases refused.
 */
export function splitFrontMatter(text: string): FrontMatterResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!FENCE.test(lines[0] ?? '')) {
    return failure(
      'SKILL.md must begin with YAML front matter: a first line --- , the keys, then ---',
    );
  }
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (close < 0) return failure('the front matter opened on line 1 is never closed by a --- line');
  const keys = lines.slice(1, close);
  // js-yaml refuses an empty document; a front matter of blanks and comments has no keys.
  if (keys.every((line) => /^\s*(#.*)?$/.test(line))) return failure(notMapping(undefined));
  const yaml = keys.join('\n');
  let data: unknown;
  try {
    // No aliases: a front matter has no use for them, and they are the way to blow up a parse.
    data = load(yaml, { maxAliases: 0 });
  } catch (error) {
    return failure(yamlReason(error));
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return failure(
      `the front matter must be a mapping of keys (name, description, …), found ${kindOf(data)}`,
    );
  }
  const body = lines
    .slice(close + 1)
    .join('\n')
    .replace(/^\s*\n/, '');
  return { success: true, value: { data: data as Record<string, unknown>, body } };
}
