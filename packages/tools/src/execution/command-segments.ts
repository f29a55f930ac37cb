import type { BashCommandSegment, ExecManager } from '@toolcall/exec';
import type { CommandSegment } from '@toolcall/pipeline';

/** The one segment of a command the analyzer could not read at all. */
function unreadable(command: string, reason: string): CommandSegment {
  return {
    text: command,
    name: null,
    argv: null,
    command: null,
    readOnly: false,
    opaque: reason,
    via: [],
  };
}

/**
 * A segment that writes a file through a redirection (`git log > notes`): the command's rule
 * says nothing about the file, so the write is judged on its own and no rule admits it.
 */
function redirectionWrites(segment: BashCommandSegment): CommandSegment[] {
  const writes: CommandSegment[] = [];
  for (const redirection of segment.redirections) {
    if (redirection.kind !== 'write' || redirection.discards) continue;
    const target = redirection.target?.value ?? null;
    writes.push({
      text: redirection.text,
      name: null,
      argv: null,
      command: null,
      readOnly: false,
      opaque:
        target === null
          ? `\`${redirection.text}\` writes to a file named by an expansion`
          : `\`${redirection.text}\` writes to ${target}`,
      via: segment.via,
    });
  }
  return writes;
}

function toPolicySegment(segment: BashCommandSegment): CommandSegment {
  return {
    text: segment.text,
    name: segment.name,
    argv: segment.argv,
    command: segment.command,
    readOnly: segment.readOnly,
    ...(segment.opaque === undefined ? {} : { opaque: segment.opaque }),
    via: segment.via,
  };
}

/**
 * The simple commands a Bash source would run, as the permission policy judges them: every
 * segment the analyzer found, plus one for each file a redirection writes. Without the
 * analyzer (its grammar failed to load) the whole source is one segment no rule can allow.
 */
export async function commandSegmentsOf(
  manager: ExecManager,
  command: string,
): Promise<readonly CommandSegment[]> {
  let analysis: Awaited<ReturnType<ExecManager['analyze']>>;
  try {
    analysis = await manager.analyze(command);
  } catch (error) {
    return [
      unreadable(
        command,
        `the Bash analyzer failed: ${(error as Error)?.message ?? String(error)}`,
      ),
    ];
  }
  if (analysis === null) return [unreadable(command, 'the Bash analyzer is not available')];
  const segments: CommandSegment[] = [];
  for (const segment of analysis.segments) {
    segments.push(toPolicySegment(segment));
    segments.push(...redirectionWrites(segment));
  }
  if (segments.length === 0) return [unreadable(command, 'the analyzer found no command in it')];
  return segments;
}
