import type { CallSource } from '@toolcall/pipeline';
import type { BodyLine, Hunk, PatchOperation } from './patch-types.js';
import type { PlannedFile, PlannedKind } from './plan-patch.js';

/** One changing hunk offered for review. */
export interface ProposedHunk {
  /** K in `Applied: PATH hunk K`: the hunk's 1-based position in its operation. */
  readonly number: number;
  /** The hunk as a unified diff hunk: `@@ -a,b +c,d @@` and its lines. */
  readonly diff: string;
  /** How the hunk matched when not exactly (e.g. `ignoring trailing whitespace`). */
  readonly fuzzy: string | undefined;
}

/** One file of a proposal: an operation, named by the path or address the patch wrote. */
export interface ProposedFile {
  readonly path: string;
  readonly kind: PlannedKind;
  /** The `*** Move to:` destination of a move. */
  readonly destination: string | undefined;
  /** The whole operation as a unified diff. */
  readonly diff: string;
  /** The hunks a reviewer may accept or reject one by one; empty for adds and deletes. */
  readonly hunks: readonly ProposedHunk[];
}

/** A verified patch waiting for review; nothing has been written yet. */
export interface PatchProposal {
  readonly toolUseId: string;
  readonly parentId: string | undefined;
  readonly source: CallSource;
  /** One entry per operation, in patch order. */
  readonly files: readonly ProposedFile[];
}

/** A verdict on one hunk, or on a whole file. */
export type ReviewVerdict = 'accept' | 'reject';

/**
 * A verdict on one proposed file: `accept` or `reject` as a whole, or one verdict per proposed
 * hunk, in order (updates and moves only; a move happens with the hunks accepted).
 */
export type FileVerdict = ReviewVerdict | readonly ReviewVerdict[];

/**
 * A reviewer's answer: accept or reject everything, decide per file (`files` aligned with the
 * proposal's files), or ask for a revision, which writes nothing. `feedback` reaches the model
 * as a `Feedback:` line.
 */
export type PatchReviewAnswer =
  | 'accept-all'
  | 'reject-all'
  | {
      readonly outcome: 'review';
      readonly files: readonly FileVerdict[];
      readonly feedback?: string | undefined;
    }
  | { readonly outcome: 'revise'; readonly feedback?: string | undefined };

/** Reviews a proposal per file and hunk; a throw or a malformed answer writes nothing. */
export type PatchReviewer = (
  proposal: PatchProposal,
  options: { readonly signal: AbortSignal },
) => PatchReviewAnswer | PromiseLike<PatchReviewAnswer>;

/** A checked answer: a verdict per file, or a revision request. */
export type ReviewDecision =
  | { readonly revise: true; readonly feedback: string | undefined }
  | {
      readonly revise: false;
      readonly files: readonly FileVerdict[];
      readonly feedback: string | undefined;
    };

/** The proposal a reviewer sees for a verified plan. */
export function proposalOf(
  files: readonly PlannedFile[],
  call: Pick<PatchProposal, 'toolUseId' | 'parentId' | 'source'>,
): PatchProposal {
  return {
    toolUseId: call.toolUseId,
    parentId: call.parentId,
    source: call.source,
    files: files.map((file) => ({
      path: file.path,
      kind: file.kind,
      destination: file.destination,
      diff: file.diff,
      hunks: file.hunks.map((hunk) => ({ ...hunk })),
    })),
  };
}

const isVerdict = (value: unknown): value is ReviewVerdict =>
  value === 'accept' || value === 'reject';

function feedbackOf(answer: { readonly feedback?: unknown }): string | undefined {
  const { feedback } = answer;
  if (feedback === undefined || feedback === null) return undefined;
  if (typeof feedback !== 'string') throw new TypeError('feedback must be a string');
  return feedback.trim() === '' ? undefined : feedback.trim();
}

function checkFile(verdict: unknown, file: ProposedFile, index: number): FileVerdict {
  const where = `file ${index + 1} (${file.path})`;
  if (isVerdict(verdict)) return verdict;
  if (!Array.isArray(verdict))
    throw new TypeError(`${where}: expected accept, reject or one verdict per hunk`);
  if (file.hunks.length === 0)
    throw new TypeError(`${where}: an ${file.kind} has no hunks; answer accept or reject`);
  if (verdict.length !== file.hunks.length || !verdict.every(isVerdict))
    throw new TypeError(
      `${where}: expected ${file.hunks.length} hunk verdicts (accept or reject), received ${JSON.stringify(verdict)}`,
    );
  return [...verdict];
}

/** Checks a reviewer's answer against the proposal; throws a TypeError naming what is wrong. */
export function decisionOf(answer: unknown, proposal: PatchProposal): ReviewDecision {
  const { files } = proposal;
  if (answer === 'accept-all' || answer === 'reject-all') {
    const verdict = answer === 'accept-all' ? 'accept' : 'reject';
    return { revise: false, files: files.map(() => verdict), feedback: undefined };
  }
  if (typeof answer !== 'object' || answer === null)
    throw new TypeError(
      `expected accept-all, reject-all, a review or a revision, received ${JSON.stringify(answer)}`,
    );
  const outcome = (answer as { outcome?: unknown }).outcome;
  if (outcome === 'revise') return { revise: true, feedback: feedbackOf(answer) };
  if (outcome !== 'review')
    throw new TypeError(`outcome must be review or revise, received ${JSON.stringify(outcome)}`);
  const verdicts = (answer as { files?: unknown }).files;
  if (!Array.isArray(verdicts) || verdicts.length !== files.length)
    throw new TypeError(`expected one verdict per proposed file (${files.length})`);
  return {
    revise: false,
    files: verdicts.map((verdict, index) =>
      checkFile(verdict, files[index] as ProposedFile, index),
    ),
    feedback: feedbackOf(answer),
  };
}

// A rejected hunk stays in place as a locator: same old side, no change. Later hunks then match
// exactly where they did before, against the lines the rejected hunk leaves untouched.
function asLocator(hunk: Hunk): Hunk {
  const lines: BodyLine[] = hunk.lines.flatMap((line) =>
    line.kind === '+' ? [] : [{ kind: ' ' as const, text: line.text }],
  );
  return { ...hunk, lines };
}

function rejectedNumbers(verdict: FileVerdict, file: PlannedFile): Set<number> {
  if (verdict === 'accept') return new Set();
  if (verdict === 'reject') return new Set(file.hunks.map((hunk) => hunk.number));
  return new Set(
    file.hunks.filter((_, index) => verdict[index] === 'reject').map((hunk) => hunk.number),
  );
}

/**
 * The operations that remain once the verdicts are applied: rejected files drop out, rejected
 * hunks become locators, and an update with no accepted hunk drops out. Each kept operation
 * comes with the index of its planned file.
 */
export function acceptedOperations(
  operations: readonly PatchOperation[],
  files: readonly PlannedFile[],
  verdicts: readonly FileVerdict[],
): { operation: PatchOperation; index: number }[] {
  const kept: { operation: PatchOperation; index: number }[] = [];
  for (const [index, operation] of operations.entries()) {
    const verdict = verdicts[index] as FileVerdict;
    const file = files[index] as PlannedFile;
    if (verdict === 'reject') continue;
    if (operation.type !== 'update') {
      kept.push({ operation, index });
      continue;
    }
    const rejected = rejectedNumbers(verdict, file);
    if (operation.moveTo === undefined && rejected.size === file.hunks.length) continue;
    const hunks = operation.hunks.map((hunk, position) =>
      rejected.has(position + 1) ? asLocator(hunk) : hunk,
    );
    kept.push({ operation: { ...operation, hunks }, index });
  }
  return kept;
}

/**
 * The detail lines of a reviewed patch, in patch order: fuzzy matches of accepted hunks, then
 * `Applied:` and `Rejected:` lines; `applied` holds the replanned files of the kept operations.
 */
export function reviewedDetails(
  files: readonly PlannedFile[],
  verdicts: readonly FileVerdict[],
  applied: ReadonlyMap<number, PlannedFile>,
): string[] {
  return files.flatMap((file, index) => {
    const verdict = verdicts[index] as FileVerdict;
    if (verdict === 'reject') return [`Rejected: ${file.path}`];
    if (file.kind === 'add' || file.kind === 'delete') return [`Applied: ${file.path}`];
    const rejected = rejectedNumbers(verdict, file);
    const fuzzy = (applied.get(index)?.fuzzy ?? [])
      .filter((entry) => !rejected.has(entry.number))
      .map((entry) => `Fuzzy: ${file.path} hunk ${entry.number} matched while ${entry.how}`);
    const hunks = file.hunks.map((hunk) =>
      rejected.has(hunk.number)
        ? `Rejected: ${file.path} hunk ${hunk.number}`
        : `Applied: ${file.path} hunk ${hunk.number}`,
    );
    if (file.kind === 'move') {
      // The move is one change; its accepted hunks travel with it.
      const refused = hunks.filter((line) => line.startsWith('Rejected: '));
      return [...fuzzy, `Applied: ${file.path} -> ${file.destination}`, ...refused];
    }
    return [...fuzzy, ...hunks];
  });
}
