import type { BashPipelinePlan } from './pipeline-plan.js';
import type { ExitOneOutcome } from './statement-outcome.js';

/** One shell word: its exact source text and, when expansion-free, its value after quote removal. */
export interface BashWord {
  readonly text: string;
  /** The literal value after quote removal, or null when any part is dynamic. */
  readonly value: string | null;
  /** True when the word contains expansion, substitution, globbing, tilde or brace syntax. */
  readonly dynamic: boolean;
}

/** How a redirection touches files: writes, reads, fd duplication or closing, and inline input. */
export type BashRedirectionKind =
  | 'write'
  | 'read'
  | 'duplicate'
  | 'close'
  | 'heredoc'
  | 'herestring';

/** One redirection as written, classified by what it does to files. */
export interface BashRedirection {
  readonly text: string;
  readonly operator: string;
  /** The explicit file descriptor before the operator, when written. */
  readonly descriptor: number | null;
  readonly kind: BashRedirectionKind;
  /** The target word for file redirections and duplications; null otherwise. */
  readonly target: BashWord | null;
  /** True for a write whose target is literally /dev/null. */
  readonly discards: boolean;
}

/** One simple command: assignments, executable name, arguments and its own redirections. */
export interface BashSimpleCommand {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly assignments: readonly BashWord[];
  /** The command name, or null for assignment-only or redirection-only commands. */
  readonly executable: BashWord | null;
  readonly arguments: readonly BashWord[];
  readonly redirections: readonly BashRedirection[];
  /** True when the command runs inside a command or process substitution. */
  readonly substituted: boolean;
}

/** The kinds of expansion the analyzer reports. */
export type BashExpansionKind =
  | 'parameter'
  | 'special-parameter'
  | 'parameter-operator'
  | 'arithmetic'
  | 'glob'
  | 'tilde'
  | 'brace';

/** One expansion occurrence with its source text. */
export interface BashExpansion {
  readonly kind: BashExpansionKind;
  readonly text: string;
}

/** One command substitution (`$(…)`, backquotes) or process substitution (`<(…)`, `>(…)`). */
export interface BashSubstitution {
  readonly kind: 'command' | 'process';
  readonly text: string;
}

/** A pipeline with the source text of each stage. */
export interface BashPipeline {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly stages: readonly string[];
}

/** A shell-native way of detaching work from the managed process. */
export interface BashBackgroundUse {
  readonly kind: 'ampersand' | 'disown' | 'coproc' | 'setsid';
  readonly text: string;
}

/** A compound construct the analyzer saw (loops, conditionals, groups, functions, tests). */
export interface BashCompound {
  readonly kind: string;
  readonly text: string;
}

/** One simple command the source would run, seen through wrappers, nested shells and `eval`. */
export interface BashCommandSegment {
  /** The segment's source text exactly as written (for prompts and audit). */
  readonly text: string;
  /** Normalised command name: `/bin/rm`, `\rm`, `"rm"`, `'r'm`, `r\m` all give `rm`; null when not knowable. */
  readonly name: string | null;
  /** Normalised words: name then literal argument values after quote removal, wrappers and leading assignments stripped; null when any word is dynamic. */
  readonly argv: readonly string[] | null;
  /** argv joined with single spaces, what rule patterns like `git log*` are matched against; null when argv is null. */
  readonly command: string | null;
  /** True when this segment alone is proved read-only by the (allow-list) classification. */
  readonly readOnly: boolean;
  /** Why the analyzer cannot see through this segment; absent when it can. */
  readonly opaque?: string;
  /** The wrappers stripped to reach it, outermost first (e.g. `['sudo', 'env']`). */
  readonly via: readonly string[];
  /** Variable assignments that apply to it: prefix assignments and `env NAME=value`, as written after quote removal (null when dynamic). */
  readonly assignments: readonly (string | null)[];
  /** Its own redirections; a compound statement's redirections are a segment of their own (name null). */
  readonly redirections: readonly BashRedirection[];
  /** True when a wrapper adds arguments the source does not show (`xargs`, `find -exec … {}`). */
  readonly appendsArguments?: true;
}

/** What the analyzer concluded about side effects. */
export type BashClassification = 'read-only' | 'mutating' | 'unknown';

/** The complete structured analysis of one Bash command string. */
export interface BashAnalysis {
  readonly source: string;
  /** False when tree-sitter could not parse the source without error recovery. */
  readonly parsed: boolean;
  readonly commands: readonly BashSimpleCommand[];
  readonly pipelines: readonly BashPipeline[];
  /** List operators in source order: `&&`, `||`, `;` and `&`. */
  readonly operators: readonly ('&&' | '||' | ';' | '&')[];
  /** The number of top-level statements (a list counts once). */
  readonly statements: number;
  readonly redirections: readonly BashRedirection[];
  readonly expansions: readonly BashExpansion[];
  readonly substitutions: readonly BashSubstitution[];
  readonly compounds: readonly BashCompound[];
  readonly background: readonly BashBackgroundUse[];
  readonly classification: BashClassification;
  /** Why the command is not proven read-only; empty when it is. */
  readonly reasons: readonly string[];
  /** How exit status 1 reads when the source is one simple grep/rg, diff or test/[ command; else null. */
  readonly exitOneOutcome: ExitOneOutcome | null;
  /** The final-pipeline snapshot and classification plan; null when the source has no pipeline. */
  readonly pipeline: BashPipelinePlan | null;
  /** Every simple command the source would run, in source order; an unparsable source is one opaque segment. */
  readonly segments: readonly BashCommandSegment[];
}
