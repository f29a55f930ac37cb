import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { PermissionAsker, PermissionRule, Tool } from '@toolcall/pipeline';
import { checkWorkspace, openSession, registerHostCleanup, type Session } from '@toolcall/tools';
import { createAsker } from './asker.js';
import type { CommonValues } from './common-options.js';
import { type Config, loadConfig } from './config.js';
import type { CliIo } from './io.js';
import { showRecovered } from './present.js';
import { parseRule, withDefaults } from './rules.js';
import { createTelemetryLog, TELEMETRY_FILE } from './telemetry-log.js';
import { buildToolSet, type CliToolSet } from './tool-set.js';

/** Everything a command needs: the workspace, its config, the session and the tool set. */
export interface Setup extends CliToolSet {
  readonly workspace: string;
  readonly config: Config;
  readonly session: Session;
}

const SANDBOX = ['off', 'best-effort', 'required'] as const;

/** Turns the common flags and config files into a tool set, or a usage error message. */
export async function setUp(
  values: CommonValues,
  io: CliIo,
  extra: {
    tools?: readonly Tool[];
    composable?: readonly string[];
    config?: Config;
    onPrompt?: (open: boolean) => void;
    /** Replaces the terminal asker (the MCP server asks through elicitation). */
    askUser?: PermissionAsker;
  } = {},
): Promise<{ success: true; value: Setup } | { success: false; error: string }> {
  const workspace = resolve(io.cwd ?? process.cwd(), values.workspace ?? '.');
  // A missing workspace is a usage error before anything reads or creates files in it.
  const checked = await checkWorkspace(workspace);
  if (!checked.success) return { success: false, error: checked.error.message };
  const env = io.env ?? process.env;
  let config = extra.config;
  if (config === undefined) {
    const loaded = await loadConfig(workspace, env, {
      trustCommand: trustCommandFor(values.workspace, workspace),
    });
    if (!loaded.success) return loaded;
    for (const warning of loaded.warnings) io.stderr.write(`toolcall: ${warning}\n`);
    config = loaded.value;
  }
  const sandbox = values.sandbox ?? config.sandbox ?? 'best-effort';
  if (!(SANDBOX as readonly string[]).includes(sandbox)) {
    return {
      success: false,
      error: `--sandbox must be off, best-effort or required, not '${sandbox}'`,
    };
  }
  const rules: PermissionRule[] = [];
  for (const action of ['deny', 'ask', 'allow'] as const) {
    // The config's rules were checked where they are written (file and JSON path).
    for (const text of config.permissions?.[action] ?? []) {
      const rule = parseRule(text, action);
      if (rule.success) rules.push(rule.value);
    }
    for (const text of values[action] ?? []) {
      const rule = parseRule(text, action);
      if (!rule.success) return { success: false, error: `--${action}: ${rule.error}` };
      rules.push(rule.value);
    }
  }
  const opened = await openSession({
    workspace,
    ...(values.session === undefined ? {} : { sessionId: values.session }),
    // The settlement is committed once the outcome has been shown or sent: a process that dies
    // before then leaves the script's final audit as a running checkpoint, which the next run
    // of the session reports as interrupted.
    settlementCommit: 'host',
  });
  if (!opened.success) return { success: false, error: opened.error.message };
  const session = opened.value;
  const asker = createAsker({
    yes: values.yes ?? false,
    input: io.stdin ?? process.stdin,
    output: io.stderr,
    ...(extra.onPrompt ? { onPrompt: extra.onPrompt } : {}),
  });
  const id = session.id;
  const telemetry =
    config.telemetry === false
      ? undefined
      : createTelemetryLog(join(session.layout.directory, TELEMETRY_FILE), (message) =>
          io.stderr.write(`toolcall: session ${id}: ${message}\n`),
        );
  const toolSet = buildToolSet({
    session,
    sandbox: sandbox as (typeof SANDBOX)[number],
    permissions: { mode: config.permissions?.mode ?? 'ask', rules: withDefaults(rules) },
    askUser: extra.askUser ?? asker,
    hooks: config.hooks ?? [],
    ...(config.toolCall === undefined ? {} : { toolCall: config.toolCall }),
    ...(telemetry === undefined ? {} : { telemetry }),
    ...(extra.tools ? { extraTools: extra.tools } : {}),
    ...(extra.composable ? { composable: extra.composable } : {}),
  });
  // Closed by the command when it ends, or by the signal handler when a signal ends it first:
  // either way every process of the tool set is stopped once.
  const cleanup = registerHostCleanup(async () => {
    await toolSet.close();
    // A session nobody named is kept for what its calls stored, not for its telemetry.
    if (values.session === undefined) await dropLoneLog(session.layout.directory);
    // Last: removes the session's directories when this command wrote nothing to them.
    await session.close();
  });
  for (const warning of session.warnings) io.stderr.write(`toolcall: session ${id}: ${warning}\n`);
  // A resumed session: scripts a killed process left running are shown as interrupted.
  showRecovered(id, session.recovered, toolSet.renderers, io);
  return {
    success: true,
    value: {
      workspace,
      config,
      session,
      ...toolSet,
      close: cleanup.close,
    },
  };
}

/** The command that trusts the workspace's config: `toolcall trust`, with `-C DIR` when given. */
export function trustCommandFor(flag: string | undefined, workspace: string): string {
  return flag === undefined ? 'toolcall trust' : `toolcall trust -C ${JSON.stringify(workspace)}`;
}

/** Removes the telemetry log of a session that holds nothing else. */
async function dropLoneLog(directory: string): Promise<void> {
  const entries = await readdir(directory).catch(() => undefined);
  if (entries?.length === 1 && entries[0] === TELEMETRY_FILE) {
    await rm(join(directory, TELEMETRY_FILE), { force: true }).catch(() => {});
  }
}
