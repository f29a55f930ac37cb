import type { Parser } from 'web-tree-sitter';
import type { BashAnalysis, BashCommandSegment } from './analysis-types.js';
import { classify } from './classify.js';
import { collect } from './collect.js';
import { createBashParser } from './load-bash-grammar.js';
import { planFinalPipeline } from './pipeline-plan.js';
import { buildSegments, opaqueSegment, type ParsedSource } from './segments.js';
import { exitOneOutcomeOf } from './statement-outcome.js';
import { copySyntaxTree } from './syntax-tree.js';

/** Analyses Bash command strings with one loaded grammar. */
export interface BashAnalyzer {
  /** Returns the structured analysis of one command string; never throws for any string. */
  analyze(command: string): BashAnalysis;
}

// Longer sources are refused unparsed; no tool call needs a larger command.
const maximumLength = 256 * 1024;

function unparsed(source: string, reason: string): BashAnalysis {
  return {
    source,
    parsed: false,
    commands: [],
    pipelines: [],
    operators: [],
    statements: 0,
    redirections: [],
    expansions: [],
    substitutions: [],
    compounds: [],
    background: [],
    classification: 'unknown',
    reasons: [reason],
    exitOneOutcome: null,
    pipeline: null,
    segments: [opaqueSegment(source, reason)],
  };
}

// Nested code (`bash -c`, `eval`) is parsed with the same parser; its tree is copied and
// freed at once, so only plain objects outlive the call.
function parseNested(parser: Parser, code: string): ParsedSource {
  const empty = collect({ type: 'program', named: true, start: 0, end: 0, children: [] }, '');
  if (code.length > maximumLength) return { found: empty, parsed: false };
  const tree = parser.parse(code);
  if (tree === null) return { found: empty, parsed: false };
  try {
    const { root, hasError, truncated } = copySyntaxTree(tree);
    const found = collect(root, code);
    return { found, parsed: !hasError && !truncated && !found.malformed };
  } finally {
    tree.delete();
  }
}

// git and rg are safe only as launched for a read-only source, with an environment that
// neutralises their configuration; in any other source they run unhardened.
const hardenedCommands = new Set(['git', 'rg']);

function withoutLaunchProofs(segments: readonly BashCommandSegment[]): BashCommandSegment[] {
  return segments.map((segment) =>
    segment.readOnly && segment.name !== null && hardenedCommands.has(segment.name)
      ? { ...segment, readOnly: false }
      : segment,
  );
}

function analyzeWith(parser: Parser, source: string): BashAnalysis {
  if (source.length > maximumLength) return unparsed(source, 'source is too long to analyse');
  const tree = parser.parse(source);
  if (tree === null) return unparsed(source, 'source does not parse');
  try {
    const { root, hasError, truncated } = copySyntaxTree(tree);
    const found = collect(root, source);
    const parsed = !hasError && !truncated && !found.malformed;
    const { segments, background } = buildSegments({ found, parsed }, source, {
      parse: (code) => parseNested(parser, code),
    });
    // `time coproc …` and `bash -c 'x &'` detach work that the outer tree cannot show.
    found.background.push(...background);
    const { classification, reasons } = classify(found, parsed, truncated, source);
    const statements = root.children.filter((child) => child.named && child.type !== 'comment');
    const only = statements.length === 1 ? statements[0] : undefined;
    return {
      source,
      parsed,
      commands: found.commands,
      pipelines: found.pipelines,
      operators: found.operators,
      statements: statements.length,
      redirections: found.redirections,
      expansions: found.expansions,
      substitutions: found.substitutions,
      compounds: found.compounds,
      background: found.background,
      classification,
      reasons: [...new Set(reasons)],
      exitOneOutcome:
        parsed && only && found.background.length === 0
          ? exitOneOutcomeOf(only, source, found.commands)
          : null,
      pipeline: planFinalPipeline(root, found, source, parsed),
      segments: classification === 'read-only' ? segments : withoutLaunchProofs(segments),
    };
  } finally {
    tree.delete();
  }
}

/** Loads the Bash grammar once and returns an analyzer for command strings. */
export async function createBashAnalyzer(): Promise<BashAnalyzer> {
  const parser = await createBashParser();
  return {
    analyze(command: string): BashAnalysis {
      if (typeof command !== 'string') {
        throw new TypeError(`analyze: command must be a string, received ${typeof command}`);
      }
      try {
        return analyzeWith(parser, command);
      } catch (error) {
        // Analysis is advisory: an internal fault must degrade to "unknown", never to a crash or a proof.
        return unparsed(
          command,
          `analysis failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
