import { parsePatch } from './parse-patch.js';

/** Every source and destination path a patch names, for permission and snapshots. */
export function pathsOfPatch(patch: string): string[] {
  const parsed = parsePatch(patch);
  if (!parsed.success) return [];
  return parsed.operations.flatMap((operation) =>
    operation.type === 'update' && operation.moveTo !== undefined
      ? [operation.path, operation.moveTo]
      : [operation.path],
  );
}
