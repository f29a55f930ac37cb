/** A line Grep's content mode printed: a match (`:`) or a context line (`-`). */
export interface GrepLine {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly match: boolean;
}

/** Non-empty lines of a text. */
export function linesOf(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** A path relative to the workspace (paths outside it are returned unchanged). */
export function relativePath(workspace: string, path: string): string {
  return path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : path;
}

/** Parses Grep's content mode (ripgrep's heading layout) into lines with their files. */
export function parseGrepContent(text: string, workspace: string): GrepLine[] {
  if (text.startsWith('No matches found')) return [];
  const result: GrepLine[] = [];
  let file = '';
  for (const line of text.split('\n')) {
    const hit = /^(\d+)([:-])(.*)$/.exec(line);
    if (hit !== null && file !== '') {
      result.push({ file, line: Number(hit[1]), text: hit[3] ?? '', match: hit[2] === ':' });
    } else if (line.startsWith('/')) {
      file = relativePath(workspace, line);
    }
  }
  return result;
}

/** Parses Grep's count mode (`PATH:COUNT` lines) into counts by workspace-relative path. */
export function parseGrepCount(text: string, workspace: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (text.startsWith('No matches found')) return counts;
  for (const line of linesOf(text)) {
    const at = line.lastIndexOf(':');
    counts.set(relativePath(workspace, line.slice(0, at)), Number(line.slice(at + 1)));
  }
  return counts;
}

/** A Bash result's command output, without the confinement line and the execution element. */
export function bashOutput(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('<bash-execution') && !line.startsWith('[sandbox:'))
    .join('\n')
    .trim();
}

/** The package a workspace-relative path belongs to (`packages/NAME` or the top folder). */
export function packageOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'packages' ? `packages/${parts[1]}` : (parts[0] ?? path);
}

/** A sorted copy of strings. */
export function sorted(values: Iterable<string>): string[] {
  return [...values].sort();
}

/** The script's result lines (ToolCall returns a string the plan joined with newlines). */
export function resultLines(text: string): string[] {
  return linesOf(text).map((line) => line.trim());
}
