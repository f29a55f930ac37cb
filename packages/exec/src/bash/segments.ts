import type {
  BashBackgroundUse,
  BashCommandSegment,
  BashRedirection,
  BashSimpleCommand,
  BashWord,
} from './analysis-types.js';
import type { Collected } from './collect.js';
import { findExecCommands } from './find-exec.js';
import { evaluatesArithmetic, judgeSegment } from './segment-read-only.js';
import { unwrapCommand } from './unwrap-command.js';
import { commandName } from './wrapper-options.js';

/** A parsed source: what the walk found and whether the parse is trustworthy. */
export interface ParsedSource {
  readonly found: Collected;
  readonly parsed: boolean;
}

/** Everything building segments needs besides the tree: a parser for nested shell code. */
export interface SegmentContext {
  parse(code: string): ParsedSource;
}

/** Segments plus the background use found only through wrappers and nested code. */
export interface SegmentResult {
  readonly segments: BashCommandSegment[];
  readonly background: BashBackgroundUse[];
}

const echo: BashWord = { text: 'echo', value: 'echo', dynamic: false };

// `bash -c "eval '…'"` nests; beyond this the analyzer stops and says so.
const maximumNesting = 8;

interface Frame {
  readonly text: string;
  readonly via: readonly string[];
  readonly depth: number;
  readonly keepsProof: boolean;
  readonly appends: boolean;
  readonly assignments: readonly BashWord[];
  readonly redirections: readonly BashRedirection[];
  readonly functions: ReadonlySet<string>;
}

/** An opaque segment: something the analyzer cannot see through. */
export function opaqueSegment(
  text: string,
  reason: string,
  via: readonly string[] = [],
  name: string | null = null,
): BashCommandSegment {
  return {
    text,
    name,
    argv: null,
    command: null,
    readOnly: false,
    opaque: reason,
    via,
    assignments: [],
    redirections: [],
  };
}

/** Lists every simple command a parsed source would run, in source order. */
export function buildSegments(
  source: ParsedSource,
  text: string,
  context: SegmentContext,
  via: readonly string[] = [],
  depth = 0,
  keepsProof = true,
): SegmentResult {
  const result: SegmentResult = { segments: [], background: [] };
  if (!source.parsed) {
    result.segments.push(opaqueSegment(text, 'source does not parse', via));
    return result;
  }
  const { found } = source;
  const pieces: { start: number; segments: BashCommandSegment[] }[] = [];
  for (const command of found.commands) {
    const frame: Frame = {
      text: command.text,
      via,
      depth,
      keepsProof,
      appends: false,
      assignments: command.assignments,
      redirections: command.redirections,
      functions: found.functions,
    };
    const segments: BashCommandSegment[] = [];
    commandSegments(command, frame, context, segments, result.background);
    pieces.push({ start: command.start, segments });
  }
  for (const evaluation of found.evaluations) {
    // `[[` evaluates arithmetic for -eq and friends; both test forms evaluate subscripts for -v.
    const readOnly =
      keepsProof &&
      evaluation.kind !== '((' &&
      !/\s-[vR]\s/.test(evaluation.text) &&
      (evaluation.kind === '[' || !/\s-(?:eq|ne|lt|le|gt|ge)\s/.test(evaluation.text)) &&
      !evaluatesArithmetic(evaluation.text);
    pieces.push({
      start: evaluation.start,
      segments: [evaluationSegment(evaluation, via, readOnly)],
    });
  }
  for (const { redirection, start } of found.detachedRedirections) {
    const frame = { via, keepsProof, redirections: [redirection] };
    pieces.push({ start, segments: [emptySegment(redirection.text, frame, [])] });
  }
  pieces.sort((left, right) => left.start - right.start);
  for (const piece of pieces) result.segments.push(...piece.segments);
  return result;
}

function commandSegments(
  command: BashSimpleCommand,
  frame: Frame,
  context: SegmentContext,
  out: BashCommandSegment[],
  background: BashBackgroundUse[],
): void {
  if (command.executable === null) {
    out.push(emptySegment(command.text, frame, command.assignments));
    return;
  }
  wordsSegments([command.executable, ...command.arguments], frame, context, out, background);
}

function wordsSegments(
  words: readonly BashWord[],
  frame: Frame,
  context: SegmentContext,
  out: BashCommandSegment[],
  background: BashBackgroundUse[],
): void {
  const first = words[0];
  if (first === undefined) return;
  if (first.value === null) {
    out.push(opaqueSegment(frame.text, `dynamic command name ${first.text}`, frame.via));
    return;
  }
  const name = commandName(first.value);
  if (frame.via.length > 0 && (name === 'coproc' || name === 'disown' || name === 'setsid'))
    background.push({ kind: name, text: frame.text });
  const blind = opaqueReason(name, words);
  if (blind !== null) {
    out.push(opaqueSegment(frame.text, blind, frame.via, name));
    return;
  }
  const unwrapped = unwrapCommand(words);
  switch (unwrapped.kind) {
    case 'opaque':
      out.push(opaqueSegment(frame.text, unwrapped.reason, frame.via, name));
      return;
    case 'wrapper': {
      const inner: Frame = {
        ...frame,
        via: [...frame.via, unwrapped.wrapper],
        keepsProof: frame.keepsProof && unwrapped.keepsProof,
        appends: frame.appends || unwrapped.appends === true,
        assignments: [...frame.assignments, ...unwrapped.assignments],
      };
      const rest = words.slice(unwrapped.next);
      // xargs with no command runs echo.
      if (rest.length === 0 && unwrapped.wrapper === 'xargs') rest.push(echo);
      wordsSegments(rest, inner, context, out, background);
      return;
    }
    case 'code': {
      if (unwrapped.alsoSelf) out.push(finalSegment(words, frame));
      const via = [...frame.via, unwrapped.wrapper];
      if (frame.depth + 1 > maximumNesting) {
        out.push(opaqueSegment(frame.text, 'nested shell code too deep to analyse', via, name));
        return;
      }
      const parsed = context.parse(unwrapped.code);
      // Named kinds (coproc, disown, setsid) are reported below, where every frame has a `via`.
      background.push(...parsed.found.background.filter((use) => use.kind === 'ampersand'));
      const nested = buildSegments(
        parsed,
        unwrapped.code,
        context,
        via,
        frame.depth + 1,
        frame.keepsProof && unwrapped.keepsProof,
      );
      out.push(...nested.segments);
      background.push(...nested.background);
      return;
    }
    case 'final':
      out.push(finalSegment(words, frame));
      if (name === 'find') {
        for (const exec of findExecCommands(words)) {
          const inner: Frame = {
            ...frame,
            via: [...frame.via, `find ${exec.primary}`],
            appends: true,
          };
          wordsSegments(exec.words, inner, context, out, background);
        }
      }
      return;
  }
}

// Builtins that run code the source does not show.
function opaqueReason(name: string, words: readonly BashWord[]): string | null {
  switch (name) {
    case 'source':
    case '.':
      return `${name} runs another file`;
    case 'alias':
    case 'unalias':
      return 'aliases change what later words mean';
    case 'enable':
      return words.some((word) => word.value === null || /^-[a-z]*f/.test(word.value))
        ? 'enable -f loads a builtin from a library'
        : null;
    case 'mapfile':
    case 'readarray':
      return words.some((word) => word.value === null || /^-[a-zA-Z]*C/.test(word.value))
        ? `${name} -C runs a callback`
        : null;
    default:
      return null;
  }
}

function finalSegment(words: readonly BashWord[], frame: Frame): BashCommandSegment {
  const values = words.map((word) => word.value);
  const name = commandName(values[0] ?? '');
  const argv = values.every((value) => value !== null)
    ? [name, ...(values.slice(1) as string[])]
    : null;
  const readOnly =
    frame.keepsProof &&
    !frame.functions.has(name) &&
    judgeSegment({
      words,
      assignments: frame.assignments,
      redirections: frame.redirections,
      appends: frame.appends,
    });
  return {
    text: frame.text,
    name,
    argv,
    command: argv === null ? null : argv.join(' '),
    readOnly,
    via: frame.via,
    assignments: frame.assignments.map((word) => word.value),
    redirections: frame.redirections,
    ...(frame.appends ? { appendsArguments: true as const } : {}),
  };
}

function emptySegment(
  text: string,
  frame: Pick<Frame, 'via' | 'keepsProof' | 'redirections'>,
  assignments: readonly BashWord[],
): BashCommandSegment {
  return {
    text,
    name: null,
    argv: [],
    command: '',
    readOnly:
      frame.keepsProof &&
      judgeSegment({ words: [], assignments, redirections: frame.redirections, appends: false }),
    via: frame.via,
    assignments: assignments.map((word) => word.value),
    redirections: frame.redirections,
  };
}

function evaluationSegment(
  evaluation: { kind: '[' | '[[' | '(('; text: string },
  via: readonly string[],
  readOnly: boolean,
): BashCommandSegment {
  return {
    text: evaluation.text,
    name: evaluation.kind,
    argv: null,
    command: null,
    readOnly,
    via,
    assignments: [],
    redirections: [],
  };
}
