import { realpath, stat } from 'node:fs/promises';
import type { PathRewriter, ResourceDocument, ResourceResolver } from '@toolcall/resources';
import type { FileTarget } from '../file-target.js';
import { kindOf, notRegularMessage } from '../read/regular-file.js';

/** Where a search runs: backing roots for ripgrep and how to show its paths. */
export interface SearchScope {
  readonly roots: readonly string[];
  /** Whether the single root is a file (Grep on one file). */
  readonly file: boolean;
  /** Maps a backing path to what the model sees: itself for plain paths, an address otherwise. */
  readonly show: (backingPath: string) => string;
  /** Replaces backing roots in free text (ripgrep diagnostics). */
  readonly rewrite: (text: string) => string;
  /** Extensions the family restricts results to (packaged docs: Markdown). */
  readonly include: readonly string[];
  /** In-process text views (history, shared documents) searched without ripgrep. */
  readonly documents?: readonly ResourceDocument[];
}

const identity = (text: string): string => text;

function fromRewriter(rewriter: PathRewriter): Pick<SearchScope, 'show' | 'rewrite'> {
  return {
    show: (backingPath) => rewriter.toAddress(backingPath) ?? rewriter.rewrite(backingPath),
    rewrite: (text) => rewriter.rewrite(text),
  };
}

/** Resolves a Glob/Grep target to search roots; `message` explains why it cannot be searched. */
export async function searchScopeOf(
  target: FileTarget,
  resources: ResourceResolver | undefined,
  { allowFile }: { allowFile: boolean },
): Promise<{ success: true; scope: SearchScope } | { success: false; message: string }> {
  const refused = allowFile
    ? `Path ${target.shown} is not readable`
    : `Path ${target.shown} is not a readable directory`;
  if (target.kind === 'path') {
    try {
      const stats = await stat(target.path);
      // Grep searches a directory or one regular file; Glob needs a directory. ripgrep would
      // block on a FIFO or read a device without end, so those are refused before it starts.
      if (!stats.isDirectory() && !allowFile) return { success: false, message: refused };
      const kind = kindOf(stats);
      if (kind !== undefined && kind !== 'directory') {
        return { success: false, message: notRegularMessage(target.shown, kind) };
      }
      const root = stats.isDirectory() ? await realpath(target.path) : target.path;
      // A plain path shows itself; a symlinked root is searched at its real location but shown as authored.
      const show =
        root === target.path
          ? identity
          : (backingPath: string) =>
              backingPath.startsWith(root)
                ? target.path + backingPath.slice(root.length)
                : backingPath;
      return {
        success: true,
        scope: { roots: [root], file: !stats.isDirectory(), show, rewrite: identity, include: [] },
      };
    } catch {
      return { success: false, message: refused };
    }
  }
  if (resources === undefined)
    return {
      success: false,
      message: `Resource addresses are not available here: ${target.shown}`,
    };
  const executed = await resources.execute(target.attempt);
  if (!executed.success) return { success: false, message: executed.error.message };
  const outcome = executed.value;
  if (outcome.kind === 'documents' && allowFile) {
    return {
      success: true,
      scope: {
        roots: [],
        file: false,
        show: identity,
        rewrite: identity,
        include: [],
        documents: outcome.documents,
      },
    };
  }
  if (outcome.kind !== 'search') return { success: false, message: refused };
  const roots = outcome.roots.map((root) => root.backingPath);
  let file = false;
  if (roots.length === 1) {
    const stats = await stat(roots[0] as string).catch(() => undefined);
    if (stats === undefined) return { success: false, message: refused };
    const kind = kindOf(stats);
    if (kind !== undefined && kind !== 'directory') {
      return { success: false, message: notRegularMessage(target.shown, kind) };
    }
    if (stats.isFile()) {
      if (!allowFile) return { success: false, message: refused };
      file = true;
    }
  }
  return {
    success: true,
    scope: {
      roots,
      file,
      ...fromRewriter(outcome.rewriter),
      include: outcome.include.map((glob) => glob.replace(/^\*/, '')),
    },
  };
}
