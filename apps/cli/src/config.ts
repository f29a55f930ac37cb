import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Limits } from '@toolcall/interpreter';
import { isConfigTrusted } from '@toolcall/tools';
import { z } from 'zod';
import { parseRule } from './rules.js';
import { ignoredLine, narrowUntrusted } from './untrusted-config.js';

/** A permission rule as `--allow` takes it, checked where it is written. */
const rule = z.string().superRefine((text, context) => {
  const parsed = parseRule(text, 'allow');
  if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error });
});

const UPSTREAM_NAME = /^[a-z][a-z0-9_-]*$/;

/** The tools of an upstream admitted into composed scripts: named, or those it marks read-only. */
const composable = z.union([z.literal('read-only'), z.array(z.string().min(1))], {
  error: 'expected "read-only" or an array of tool names',
});

/** A budget of the interpreter, in the unit `@toolcall/interpreter`'s `Limits` documents. */
const budget = z.number().positive();

/** The interpreter's budgets, each optional; the compiler keeps the keys those of `Limits`. */
const limits = z
  .object({
    scriptBytes: budget.optional(),
    syntaxNodes: budget.optional(),
    depth: budget.optional(),
    steps: budget.optional(),
    wallTime: budget.optional(),
    nestedCalls: budget.optional(),
    recursionDepth: budget.optional(),
    transformedSize: budget.optional(),
    regexpWork: budget.optional(),
    numericSize: budget.optional(),
    valueSize: budget.optional(),
    retainedValues: budget.optional(),
  } satisfies Record<keyof Limits, z.ZodOptional<z.ZodNumber>>)
  .strict();

/** The shape of `.toolcall/config.json` and of the user file under the XDG config directory. */
export const configSchema = z
  .object({
    permissions: z
      .object({
        allow: z.array(rule).optional(),
        deny: z.array(rule).optional(),
        ask: z.array(rule).optional(),
        mode: z.enum(['ask', 'edits', 'full-auto']).optional(),
      })
      .strict()
      .optional(),
    sandbox: z.enum(['off', 'best-effort', 'required']).optional(),
    hooks: z
      .array(
        z
          .object({
            event: z.enum(['PreToolUse', 'PostToolUse', 'PostToolUseFailure']),
            matcher: z.string().optional(),
            command: z.string().min(1),
            timeoutMs: z.number().int().positive().optional(),
          })
          .strict(),
      )
      .optional(),
    upstreams: z
      .record(
        z.string().regex(UPSTREAM_NAME),
        z
          .object({
            command: z.string().min(1),
            args: z.array(z.string()).optional(),
            composable: composable.optional(),
          })
          .strict(),
      )
      .optional(),
    toolCall: z
      .object({
        contextWindow: z.number().int().positive().optional(),
        listingShare: z.number().positive().max(1).optional(),
        returnedLineThreshold: z.number().int().min(0).optional(),
        parallelism: z.number().int().positive().optional(),
        limits: limits.optional(),
      })
      .strict()
      .optional(),
    telemetry: z.boolean().optional(),
  })
  .strict();

/** A validated configuration. */
export type Config = z.infer<typeof configSchema>;

/**
 * A loaded configuration (with the file's text, when there was a file), or why it failed to
 * load, naming the file, the JSON path and the expected shape.
 */
export type ConfigResult =
  | { success: true; value: Config; content?: string }
  | { success: false; error: string };

/** The merged configuration and the one-line warnings about settings an untrusted file made. */
export type LoadedConfig =
  | { success: true; value: Config; warnings: string[] }
  | { success: false; error: string };

/** The user configuration file: `$XDG_CONFIG_HOME/toolcall/config.json`. */
export function userConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME ?? homedir(), '.config');
  return join(base, 'toolcall', 'config.json');
}

/** Reads and validates one config file; a missing file is an empty config. */
export async function loadConfigFile(file: string): Promise<ConfigResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { success: true, value: {} };
    return { success: false, error: `${file}: cannot read it` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { success: false, error: `${file}: not JSON (${(error as Error).message})` };
  }
  const parsed = configSchema.safeParse(json, { reportInput: true });
  if (parsed.success) return { success: true, value: parsed.data, content: text };
  return {
    success: false,
    error: parsed.error.issues
      .map((issue) => `${file}: at ${pathOf(issue.path)}: ${describe(issue)}`)
      .join('\n'),
  };
}

/** `$.permissions.allow.0`, with a key that is not a plain name quoted: `$.upstreams["Bad Name"]`. */
export function pathOf(path: readonly PropertyKey[]): string {
  const keys = path.map((key) =>
    typeof key === 'number' || /^[A-Za-z_][A-Za-z0-9_]*$/.test(String(key))
      ? `.${String(key)}`
      : `[${JSON.stringify(String(key))}]`,
  );
  return `$${keys.join('')}`;
}

/** One issue in words, with what was expected: the allowed keys, the key pattern or the type. */
function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const unknown = issue.keys.map((key) => JSON.stringify(key)).join(', ');
    return `unknown key${issue.keys.length === 1 ? '' : 's'} ${unknown}; expected only ${keysAt(issue.path)}`;
  }
  if (issue.code === 'invalid_key') {
    const key = String(issue.path.at(-1));
    const pattern = issue.issues.find((inner) => inner.code === 'invalid_format');
    const expected =
      pattern !== undefined && 'pattern' in pattern
        ? `a name matching ${pattern.pattern}`
        : 'a valid name';
    return `bad key ${JSON.stringify(key)}: expected ${expected}`;
  }
  if (issue.code === 'invalid_type' && issue.expected === 'int') {
    // A number that is not a whole number: name the value, since its type is right.
    return `expected an integer, received ${JSON.stringify(issue.input)}`;
  }
  if (issue.code === 'invalid_type') {
    const received = /received (\w+)$/.exec(issue.message)?.[1];
    const expected = shapeAt(issue.path) ?? issue.expected;
    return received === 'undefined'
      ? `missing: expected ${expected}`
      : `expected ${expected}, received ${received ?? 'another type'}`;
  }
  return issue.message;
}

/** The schema at `path` with optional wrappers removed, or `undefined` if there is none. */
function schemaAt(path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let schema: z.core.$ZodType | undefined = unwrap(configSchema);
  for (const key of path) {
    if (schema === undefined) return undefined;
    const def = defOf(schema);
    const next =
      def.type === 'object'
        ? def.shape?.[String(key)]
        : def.type === 'array'
          ? def.element
          : def.type === 'record'
            ? def.valueType
            : undefined;
    schema = next === undefined ? undefined : unwrap(next);
  }
  return schema;
}

interface SchemaDef {
  type: string;
  innerType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
}

const defOf = (schema: z.core.$ZodType) => schema._zod.def as SchemaDef;

function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = defOf(schema);
  return def.type === 'optional' && def.innerType ? unwrap(def.innerType) : schema;
}

/** The keys the object at `path` allows. */
function keysAt(path: readonly PropertyKey[]): string {
  const schema = schemaAt(path);
  const shape = schema === undefined ? undefined : defOf(schema).shape;
  return shape === undefined ? '(none)' : Object.keys(shape).join(', ');
}

/** The expected shape of a container at `path` in words; `undefined` for a scalar. */
function shapeAt(path: readonly PropertyKey[]): string | undefined {
  const schema = schemaAt(path);
  const type = schema === undefined ? undefined : defOf(schema).type;
  if (type === 'object') return `an object with keys ${keysAt(path)}`;
  if (type === 'record') return `an object of NAME: { ${keysAt([...path, 'NAME'])} }`;
  if (type === 'array') {
    const element = schemaAt([...path, 0]);
    return element !== undefined && defOf(element).type === 'object'
      ? `an array of objects with keys ${keysAt([...path, 0])}`
      : 'an array of strings';
  }
  return undefined;
}
/** The workspace's own config file. */
export function workspaceConfigPath(workspace: string): string {
  return join(workspace, '.toolcall', 'config.json');
}

/**
 * Loads the user file then the workspace file; workspace rules come after, and the workspace's
 * sandbox, `telemetry` and each of its `toolCall` settings win (each budget of `toolCall.limits`
 * on its own). A workspace file the user has not trusted (`toolcall trust`) only narrows: what
 * it cannot set is left out, each with a warning naming it and `trustCommand`.
 */
export async function loadConfig(
  workspace: string,
  env: NodeJS.ProcessEnv,
  { trustCommand = 'toolcall trust' }: { trustCommand?: string } = {},
): Promise<LoadedConfig> {
  const user = await loadConfigFile(userConfigPath(env));
  if (!user.success) return user;
  const file = workspaceConfigPath(workspace);
  const local = await loadConfigFile(file);
  if (!local.success) return local;
  const warnings: string[] = [];
  let b = local.value;
  if (local.content !== undefined) {
    const trusted = await isConfigTrusted({ file, content: local.content, environment: env });
    // A trust store that cannot be read trusts nothing; say why once.
    if (!trusted.success) warnings.push(`${trusted.error.message}; no workspace config is trusted`);
    if (!(trusted.success && trusted.value)) {
      const narrowed = narrowUntrusted(user.value, local.value);
      b = narrowed.config;
      for (const setting of narrowed.ignored) {
        warnings.push(ignoredLine(setting, file, trustCommand));
      }
    }
  }
  const a = user.value;
  const list = (key: 'allow' | 'deny' | 'ask') => [
    ...(a.permissions?.[key] ?? []),
    ...(b.permissions?.[key] ?? []),
  ];
  const mode = b.permissions?.mode ?? a.permissions?.mode;
  const sandbox = b.sandbox ?? a.sandbox;
  const budgets = { ...a.toolCall?.limits, ...b.toolCall?.limits };
  const toolCall = {
    ...a.toolCall,
    ...b.toolCall,
    ...(Object.keys(budgets).length > 0 ? { limits: budgets } : {}),
  };
  const telemetry = b.telemetry ?? a.telemetry;
  return {
    success: true,
    warnings,
    value: {
      permissions: {
        allow: list('allow'),
        deny: list('deny'),
        ask: list('ask'),
        ...(mode ? { mode } : {}),
      },
      ...(sandbox ? { sandbox } : {}),
      hooks: [...(a.hooks ?? []), ...(b.hooks ?? [])],
      upstreams: { ...a.upstreams, ...b.upstreams },
      ...(Object.keys(toolCall).length > 0 ? { toolCall } : {}),
      ...(telemetry === undefined ? {} : { telemetry }),
    },
  };
}
