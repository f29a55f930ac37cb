/** The fixed spellings counted in place of a run's temporary paths and loopback port. */
export const CANONICAL_WORKSPACE = '/home/dev/acme';
export const CANONICAL_ORIGIN = 'http://127.0.0.1:8080';

/**
 * Spells a run's temporary workspace path and web origin as the canonical ones, so token counts
 * do not depend on a random directory name or port (both arms are rewritten alike).
 */
export function canonicalText(
  text: string,
  run: { readonly workspace: string; readonly origin: string },
): string {
  return text
    .replaceAll(run.workspace, CANONICAL_WORKSPACE)
    .replaceAll(run.origin, CANONICAL_ORIGIN);
}
