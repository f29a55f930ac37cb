import { isAbsolute, resolve } from 'node:path';
import type { PipelineEvent } from '@toolcall/pipeline';

/**
 * The files a settled ApplyPatch wrote, as absolute paths, so Emacs can revert the buffers
 * visiting them; empty for any other event, a failed patch, or session addresses (`work://`).
 */
export function changedFilesOf(event: PipelineEvent, workspace: string): string[] {
  if (event.type !== 'settled' || event.toolName !== 'ApplyPatch') return [];
  if (event.outcome.status !== 'success') return [];
  const files = (event.outcome.renderData as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files)) return [];
  const paths = files
    .map((file) => (file as { path?: unknown }).path)
    .filter((path): path is string => typeof path === 'string' && !/^[a-z]+:\/\//.test(path))
    .map((path) => (isAbsolute(path) ? path : resolve(workspace, path)));
  return [...new Set(paths)];
}
