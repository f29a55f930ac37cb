import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The manuals shipped with the package, served as `toolcall://` by default: the build copies
 * them beside the built module (`dist/docs`), and a bundle that inlines this package copies
 * them beside itself. Running from the sources of a checkout, the built copy is used.
 * `undefined` when neither exists (then `toolcall://` is unavailable).
 */
export function packagedDocsDirectory(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'docs'), path.join(here, '..', 'dist', 'docs')]) {
    if (isDirectory(candidate)) return candidate;
  }
  return undefined;
}

function isDirectory(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}

// The packaged manual of each built-in tool, relative to the docs directory.
const MANUALS: Readonly<Record<string, string>> = {
  Read: 'tools/files.md',
  Glob: 'tools/files.md',
  Grep: 'tools/files.md',
  ApplyPatch: 'tools/applypatch.md',
  Bash: 'tools/execution.md',
  WriteStdin: 'tools/execution.md',
  ListExecutions: 'tools/execution.md',
  StopExecution: 'tools/execution.md',
  Monitor: 'tools/execution.md',
  Outline: 'tools/navigation.md',
  Node: 'tools/navigation.md',
  Ask: 'tools/navigation.md',
  Skill: 'skills.md',
  WebFetch: 'tools/web.md',
  WebSearch: 'tools/web.md',
  ToolCall: 'toolcall-dialect.md',
  ToolSearch: 'toolcall.md',
};

/**
 * The `toolcall://` address of a tool's manual, as ToolSearch names it: the packaged manual of
 * a built-in tool, `undefined` for any other (a wrapped or host tool has none to read).
 */
export function manualOf(name: string): string | undefined {
  return Object.hasOwn(MANUALS, name) ? `toolcall://${MANUALS[name]}` : undefined;
}
