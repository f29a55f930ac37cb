import type { ParseArgsConfig } from 'node:util';

/** The permission, sandbox and session flags every command accepts. */
export const commonOptions = {
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  ask: { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  sandbox: { type: 'string' },
  session: { type: 'string' },
  workspace: { type: 'string', short: 'C' },
} as const satisfies ParseArgsConfig['options'];

/** The values of the common flags after parsing. */
export interface CommonValues {
  allow?: string[] | undefined;
  deny?: string[] | undefined;
  ask?: string[] | undefined;
  yes?: boolean | undefined;
  sandbox?: string | undefined;
  session?: string | undefined;
  workspace?: string | undefined;
}

/** The help text for the common flags. */
export const commonUsage = `Common options (every command):
  --allow RULE, --deny RULE, --ask RULE
                       permission rules: TOOL, TOOL(path:GLOB), TOOL(domain:GLOB),
                       TOOL(name:GLOB) or Bash(COMMAND PATTERN); repeatable
  -y, --yes            approve every question (without a terminal a question is a denial)
  --sandbox MODE       off | best-effort | required (default best-effort)
  --session ID         create or resume .toolcall/sessions/ID
  -C, --workspace DIR  the workspace (default: the current directory)
`;
