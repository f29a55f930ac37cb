import type { Collected } from './collect.js';
import { declineSource, plainName } from './pipeline-eligibility.js';
import { commandNodeOf, type ExitOneOutcome, exitOneOutcomeOf } from './statement-outcome.js';
import { bodyOf, type SyntaxNode } from './syntax-tree.js';

/** One stage of the final pipeline with the reading of its exit status 1. */
export interface BashPipelineStage {
  readonly text: string;
  readonly exitOneOutcome: ExitOneOutcome | null;
}

/** Whether the source's final pipeline can be observed and classified after it runs. */
export interface BashPipelinePlan {
  /** True when appending the PIPESTATUS snapshot cannot change what the source does. */
  readonly snapshot: boolean;
  /** `eligible` only for a sole syntactic pipeline ending the source with eligible stages. */
  readonly classification: 'eligible' | 'unavailable';
  /** Why classification or the snapshot was declined; null when eligible. */
  readonly reason: string | null;
  readonly stages: readonly BashPipelineStage[];
}

function forLoopReason(loop: SyntaxNode, source: string): string | null {
  const variable = loop.children.find((child) => child.type === 'variable_name');
  if (!variable || !plainName.test(source.slice(variable.start, variable.end)))
    return 'loop variable name';
  const body = loop.children.find((child) => child.type === 'do_group');
  const nested = (node: SyntaxNode): boolean =>
    node.children.some(
      (child) => child.type === 'for_statement' || child.type === 'pipeline' || nested(child),
    );
  return !body || nested(body) ? 'loop holds a loop or pipeline' : null;
}

/** Plans the PIPESTATUS snapshot and stage classification for a parsed source. */
export function planFinalPipeline(
  root: SyntaxNode,
  found: Collected,
  source: string,
  parsed: boolean,
): BashPipelinePlan | null {
  if (found.pipelines.length === 0) return null;
  const unavailable = (reason: string, snapshot: boolean): BashPipelinePlan => ({
    snapshot,
    classification: 'unavailable',
    reason,
    stages: [],
  });
  if (!parsed) return unavailable('source does not parse', false);
  // A trailing backslash would join the appended snapshot onto the last command.
  if (source.endsWith('\\')) return unavailable('source ends in a line continuation', false);
  const declined = declineSource(found, source);
  if (declined !== null) return unavailable(declined, false);
  if (found.pipelines.length > 1) return unavailable('more than one pipeline', true);
  const statements = root.children.filter((child) => child.named && child.type !== 'comment');
  const last = statements.at(-1);
  const pipeline =
    last?.type === 'pipeline'
      ? last
      : last?.type === 'redirected_statement'
        ? bodyOf(last)
        : undefined;
  if (pipeline?.type !== 'pipeline')
    return unavailable('the source does not end in its pipeline', true);
  const stages: BashPipelineStage[] = [];
  for (const stage of pipeline.children) {
    if (!stage.named) continue;
    if (stage.type === 'for_statement') {
      const reason = forLoopReason(stage, source);
      if (reason !== null) return unavailable(reason, true);
    } else if (commandNodeOf(stage) === null) {
      return unavailable(
        `stage ${source.slice(stage.start, stage.end)} is not a simple command or plain for loop`,
        true,
      );
    }
    stages.push({
      text: source.slice(stage.start, stage.end),
      exitOneOutcome: exitOneOutcomeOf(stage, source, found.commands),
    });
  }
  return { snapshot: true, classification: 'eligible', reason: null, stages };
}
