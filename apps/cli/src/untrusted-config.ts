import { defaultLimits, type Limits } from '@toolcall/interpreter';
import { limitNarrows, modeNarrows, sandboxNarrows } from '@toolcall/tools';
import type { Config } from './config.js';

/** ToolCall's default parallelism cap (the driver's), the base a workspace may only lower. */
const DEFAULT_PARALLELISM = 4;

/** One setting an untrusted workspace file may not make: its JSON path and its value. */
export interface IgnoredSetting {
  readonly path: string;
  readonly value: unknown;
}

/**
 * The part of an untrusted workspace config that only narrows what `user` (the user's file,
 * or the defaults) allows, and the settings left out. Audit of every key:
 * - `permissions.deny`, `permissions.ask`: narrow, kept.
 * - `permissions.allow`: widens, left out.
 * - `permissions.mode`: kept when it allows no more than the user's mode (default `ask`).
 * - `sandbox`: kept when it confines at least as much as the user's (default `best-effort`).
 * - `hooks`, `upstreams`: run commands on the host, left out.
 * - `toolCall.parallelism` and each `toolCall.limits` budget: kept when not higher than the
 *   user's or the default.
 * - `toolCall.contextWindow`, `listingShare`, `returnedLineThreshold`: how the listing and
 *   results are laid out, no authority: kept.
 * - `telemetry`: kept when it turns the log off, left out when it turns on what the user
 *   turned off.
 */
export function narrowUntrusted(
  user: Config,
  workspace: Config,
): { config: Config; ignored: IgnoredSetting[] } {
  const ignored: IgnoredSetting[] = [];
  const config: Config = {};
  const permissions: NonNullable<Config['permissions']> = {};
  const { allow, deny, ask, mode } = workspace.permissions ?? {};
  if (deny !== undefined) permissions.deny = deny;
  if (ask !== undefined) permissions.ask = ask;
  if (allow !== undefined && allow.length > 0)
    ignored.push({ path: 'permissions.allow', value: allow });
  if (mode !== undefined) {
    if (modeNarrows(mode, user.permissions?.mode ?? 'ask')) permissions.mode = mode;
    else ignored.push({ path: 'permissions.mode', value: mode });
  }
  if (Object.keys(permissions).length > 0) config.permissions = permissions;
  if (workspace.sandbox !== undefined) {
    if (sandboxNarrows(workspace.sandbox, user.sandbox ?? 'best-effort')) {
      config.sandbox = workspace.sandbox;
    } else {
      ignored.push({ path: 'sandbox', value: workspace.sandbox });
    }
  }
  if (workspace.hooks !== undefined && workspace.hooks.length > 0) {
    ignored.push({ path: 'hooks', value: workspace.hooks });
  }
  for (const [name, upstream] of Object.entries(workspace.upstreams ?? {})) {
    ignored.push({ path: `upstreams.${name}`, value: upstream });
  }
  const toolCall = narrowToolCall(user.toolCall, workspace.toolCall, ignored);
  if (toolCall !== undefined) config.toolCall = toolCall;
  if (workspace.telemetry !== undefined) {
    if (workspace.telemetry === false || user.telemetry !== false) {
      config.telemetry = workspace.telemetry;
    } else {
      ignored.push({ path: 'telemetry', value: true });
    }
  }
  return { config, ignored };
}

function narrowToolCall(
  user: Config['toolCall'],
  workspace: Config['toolCall'],
  ignored: IgnoredSetting[],
): Config['toolCall'] {
  if (workspace === undefined) return undefined;
  const { parallelism, limits, ...layout } = workspace;
  const kept: NonNullable<Config['toolCall']> = { ...layout };
  if (parallelism !== undefined) {
    if (limitNarrows(parallelism, user?.parallelism ?? DEFAULT_PARALLELISM)) {
      kept.parallelism = parallelism;
    } else {
      ignored.push({ path: 'toolCall.parallelism', value: parallelism });
    }
  }
  const budgets: Partial<Limits> = {};
  for (const [name, value] of Object.entries(limits ?? {}) as [keyof Limits, number][]) {
    if (limitNarrows(value, user?.limits?.[name] ?? defaultLimits[name])) budgets[name] = value;
    else ignored.push({ path: `toolCall.limits.${name}`, value });
  }
  if (Object.keys(budgets).length > 0) kept.limits = budgets;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** A setting as one short line: `` `permissions.mode: full-auto` ``. */
export function describeSetting(setting: IgnoredSetting): string {
  let value = typeof setting.value === 'string' ? setting.value : JSON.stringify(setting.value);
  if (value.length > 60) value = `${value.slice(0, 57)}...`;
  return `\`${setting.path}: ${value}\``;
}

/** The one-line warning for a setting an untrusted file could not make. */
export function ignoredLine(setting: IgnoredSetting, file: string, trustCommand: string): string {
  return `ignoring ${describeSetting(setting)} from ${file}: the file is not trusted; run \`${trustCommand}\` to trust it`;
}
