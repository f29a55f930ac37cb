import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

const rule = z.string().min(1);

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
        z.string().regex(/^[a-z][a-z0-9_-]*$/),
        z
          .object({
            command: z.string().min(1),
            args: z.array(z.string()).optional(),
            composable: z.array(z.string()).optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

/** A validated configuration. */
export type Config = z.infer<typeof configSchema>;

/** A configuration that failed to load, naming the file, the JSON path and the expected shape. */
export type ConfigResult = { success: true; value: Config } | { success: false; error: string };

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
  const parsed = configSchema.safeParse(json);
  if (parsed.success) return { success: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const at = issue.path.length === 0 ? '$' : `$.${issue.path.join('.')}`;
  return { success: false, error: `${file}: at ${at}: ${issue.message}` };
}

/** Loads the user file then the workspace file; workspace rules come after (and sandbox wins). */
export async function loadConfig(workspace: string, env: NodeJS.ProcessEnv): Promise<ConfigResult> {
  const user = await loadConfigFile(userConfigPath(env));
  if (!user.success) return user;
  const local = await loadConfigFile(join(workspace, '.toolcall', 'config.json'));
  if (!local.success) return local;
  const a = user.value;
  const b = local.value;
  const list = (key: 'allow' | 'deny' | 'ask') => [
    ...(a.permissions?.[key] ?? []),
    ...(b.permissions?.[key] ?? []),
  ];
  const mode = b.permissions?.mode ?? a.permissions?.mode;
  const sandbox = b.sandbox ?? a.sandbox;
  return {
    success: true,
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
    },
  };
}
