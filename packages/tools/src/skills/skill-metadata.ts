/** The Agent Skills front matter of one valid skill. */
export interface SkillMetadata {
  readonly name: string;
  readonly description: string;
  readonly license?: string;
  readonly compatibility?: string;
  /** `allowed-tools`: the tools the skill expects to use (informational; grants nothing). */
  readonly allowedTools?: readonly string[];
  readonly metadata?: Readonly<Record<string, string>>;
}

/** The validated metadata, or every reason the front matter breaks the convention. */
export type MetadataResult =
  | { readonly success: true; readonly value: SkillMetadata }
  | { readonly success: false; readonly reason: string };

/** Limits of the Agent Skills convention. */
export const SKILL_LIMITS = Object.freeze({ name: 64, description: 1024, compatibility: 500 });

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function quoted(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function checkName(value: unknown, folder: string, issues: string[]): void {
  if (value === undefined) {
    issues.push('name is missing (required: the folder name, lowercase letters, digits and -)');
  } else if (typeof value !== 'string') {
    issues.push(`name must be a string, found ${quoted(value)}`);
  } else if (value.length === 0 || value.length > SKILL_LIMITS.name) {
    issues.push(`name must be 1 to ${SKILL_LIMITS.name} characters, found ${value.length}`);
  } else if (!NAME.test(value)) {
    issues.push(
      `name ${quoted(value)} must be lowercase letters, digits and single hyphens, not at either end`,
    );
  } else if (value !== folder) {
    issues.push(`name ${quoted(value)} must match its folder name ${quoted(folder)}`);
  }
}

function checkText(
  key: string,
  value: unknown,
  limit: number | undefined,
  required: boolean,
  issues: string[],
): void {
  if (value === undefined) {
    if (required)
      issues.push(`${key} is missing (required: what the skill does and when to use it)`);
  } else if (typeof value !== 'string' || value.trim() === '') {
    issues.push(`${key} must be a non-empty string, found ${quoted(value)}`);
  } else if (limit !== undefined && value.length > limit) {
    issues.push(`${key} is ${value.length} characters; at most ${limit} are allowed`);
  }
}

function allowedToolsOf(value: unknown, issues: string[]): string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.split(/\s+/).filter((tool) => tool !== '');
  if (Array.isArray(value) && value.every((tool) => typeof tool === 'string')) return [...value];
  issues.push(`allowed-tools must be a space-separated string, found ${quoted(value)}`);
  return undefined;
}

function metadataOf(value: unknown, issues: string[]): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push(
      `metadata must be a mapping of string keys to string values, found ${quoted(value)}`,
    );
    return undefined;
  }
  const entries: [string, string][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string') entries.push([key, item]);
    else issues.push(`metadata.${key} must be a string (quote it), found ${quoted(item)}`);
  }
  return Object.assign(Object.create(null), Object.fromEntries(entries));
}

/**
 * Checks parsed front matter against the Agent Skills convention: `name` (matching the folder)
 * and `description` required, the optional `license`, `compatibility`, `allowed-tools` and
 * `metadata` well-typed; other keys are left alone.
 */
export function validateMetadata(
  data: Readonly<Record<string, unknown>>,
  folder: string,
): MetadataResult {
  const issues: string[] = [];
  checkName(data.name, folder, issues);
  checkText('description', data.description, SKILL_LIMITS.description, true, issues);
  checkText('license', data.license, undefined, false, issues);
  checkText('compatibility', data.compatibility, SKILL_LIMITS.compatibility, false, issues);
  const allowedTools = allowedToolsOf(data['allowed-tools'], issues);
  const metadata = metadataOf(data.metadata, issues);
  if (issues.length > 0) return { success: false, reason: issues.join('; ') };
  return {
    success: true,
    value: {
      name: data.name as string,
      description: (data.description as string).trim(),
      ...(data.license === undefined ? {} : { license: data.license as string }),
      ...(data.compatibility === undefined ? {} : { compatibility: data.compatibility as string }),
      ...(allowedTools === undefined ? {} : { allowedTools }),
      ...(metadata === undefined ? {} : { metadata }),
    },
  };
}
