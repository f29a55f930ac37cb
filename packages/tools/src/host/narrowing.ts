/**
 * What an untrusted workspace setting may do: narrow. These compare a workspace's value with
 * the one the user (or the default) gives, so each host applies the same rule.
 */

/** Permission modes from the narrowest to the widest. */
const MODE_ORDER = ['ask', 'edits', 'full-auto'] as const;

/** Sandbox modes from the strictest to the loosest. */
const SANDBOX_ORDER = ['required', 'best-effort', 'off'] as const;

/** A permission mode a host config can set. */
export type HostPermissionMode = (typeof MODE_ORDER)[number];

/** A sandbox mode a host config can set. */
export type HostSandboxMode = (typeof SANDBOX_ORDER)[number];

/** Whether permission mode `candidate` allows no more than `base` does (equal counts). */
export function modeNarrows(candidate: HostPermissionMode, base: HostPermissionMode): boolean {
  return MODE_ORDER.indexOf(candidate) <= MODE_ORDER.indexOf(base);
}

/** Whether sandbox mode `candidate` confines at least as much as `base` (equal counts). */
export function sandboxNarrows(candidate: HostSandboxMode, base: HostSandboxMode): boolean {
  return SANDBOX_ORDER.indexOf(candidate) <= SANDBOX_ORDER.indexOf(base);
}

/** Whether a limit `candidate` is no higher than `base`; with no base, any limit narrows. */
export function limitNarrows(candidate: number, base: number | undefined): boolean {
  return base === undefined || candidate <= base;
}
