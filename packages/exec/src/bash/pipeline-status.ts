// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Bash source, where ${…} is parameter expansion.
import type { BashPipelinePlan } from './pipeline-plan.js';

/** Where the appended snapshot writes its line: an inherited descriptor or a file path. */
export type PipelineSnapshotTarget = { readonly fd: number } | { readonly path: string };

/** Options for {@link createPipelineSnapshotSuffix}. */
export interface PipelineSnapshotOptions {
  /** A token unique to this execution, so command output cannot forge the snapshot line. */
  readonly nonce: string;
  readonly target: PipelineSnapshotTarget;
}

const marker = 'toolcall-pipestatus';

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Returns text to append to an eligible source: it snapshots `$?` and PIPESTATUS in
 * its first expansion, writes one line to the target, and exits with the source's status.
 */
export function createPipelineSnapshotSuffix({ nonce, target }: PipelineSnapshotOptions): string {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(nonce)) {
    throw new TypeError(
      `createPipelineSnapshotSuffix: nonce must be 8-128 characters of [A-Za-z0-9_-], received ${JSON.stringify(nonce)}`,
    );
  }
  let redirect: string;
  if ('fd' in target) {
    if (!Number.isInteger(target.fd) || target.fd < 3 || target.fd > 9) {
      throw new TypeError(
        `createPipelineSnapshotSuffix: target.fd must be an integer from 3 to 9, received ${String(target.fd)}`,
      );
    }
    redirect = `>&${target.fd}`;
  } else {
    if (typeof target.path !== 'string' || !target.path.startsWith('/')) {
      throw new TypeError(
        `createPipelineSnapshotSuffix: target.path must be an absolute path, received ${JSON.stringify(target.path)}`,
      );
    }
    redirect = `>>${quote(target.path)}`;
  }
  // The array assignment is the first command after the source, so `$?` and
  // PIPESTATUS still describe its final pipeline; `builtin` sidesteps functions.
  return [
    '',
    '__toolcall_status=("$?" "${PIPESTATUS[@]}")',
    `{ builtin printf '${marker} %s' ${quote(nonce)}; builtin printf ' %s' "\${__toolcall_status[@]}"; builtin printf '\\n'; } 2>/dev/null ${redirect}`,
    'builtin exit "${__toolcall_status[0]}"',
    '',
  ].join('\n');
}

/** What the snapshot line recorded: the shell status and each stage's exit code. */
export interface PipelineSnapshot {
  readonly status: number;
  readonly exitCodes: readonly number[];
}

/** Finds the last snapshot line carrying `nonce` in text written to the target; null when absent. */
export function parsePipelineSnapshot(text: string, nonce: string): PipelineSnapshot | null {
  const prefix = `${marker} ${nonce} `;
  let found: PipelineSnapshot | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const numbers = line.slice(prefix.length).trim().split(' ');
    if (numbers.length < 2 || !numbers.every((value) => /^[0-9]{1,3}$/.test(value))) continue;
    const [status, ...exitCodes] = numbers.map(Number);
    found = { status: status ?? 0, exitCodes };
  }
  return found;
}

/** Facts about a classified final pipeline. */
export interface PipelineClassification {
  readonly pipelineExitCodes: readonly number[];
  /** One-based indexes of stages whose status is a genuine failure. */
  readonly pipelineFailedStages: readonly number[];
  /** A short line naming failed stages, or null when none failed. */
  readonly summary: string | null;
  readonly outcome: 'success' | 'no-match' | 'different' | 'false' | 'failure';
}

function stageOk(plan: BashPipelinePlan, codes: readonly number[], index: number): boolean {
  const code = codes[index] ?? 0;
  if (code === 0) return true;
  if (code === 1 && plan.stages[index]?.exitOneOutcome) return true;
  // SIGPIPE upstream of a stage that succeeded is how `yes | head` ends.
  if (code === 141 && index < codes.length - 1) {
    return codes.some((_, later) => later > index && stageOk(plan, codes, later));
  }
  return false;
}

/** Judges each stage by the simple-command rules; null when the codes do not match the plan. */
export function classifyPipeline(
  plan: BashPipelinePlan,
  exitCodes: readonly number[],
): PipelineClassification | null {
  if (plan.classification !== 'eligible' || exitCodes.length !== plan.stages.length) return null;
  const failed = exitCodes.flatMap((_, index) =>
    stageOk(plan, exitCodes, index) ? [] : [index + 1],
  );
  const last = exitCodes.length - 1;
  const lastCode = exitCodes[last] ?? 0;
  let outcome: PipelineClassification['outcome'] = 'success';
  if (failed.length > 0) outcome = 'failure';
  else if (lastCode !== 0) outcome = plan.stages[last]?.exitOneOutcome ?? 'failure';
  const summary =
    failed.length === 0
      ? null
      : failed.length === 1
        ? `Pipeline stage ${failed[0]} failed.`
        : `Pipeline stages ${failed.slice(0, -1).join(', ')} and ${failed.at(-1)} failed.`;
  return { pipelineExitCodes: [...exitCodes], pipelineFailedStages: failed, summary, outcome };
}
