import type { Validator } from './compile-validator.js';
import { shapeName } from './json.js';
import { firstApplicableRule, propertyFactsOf, type RepairRuleId } from './repair-rules.js';
import type { Tool } from './tool-types.js';
import type { ValidationIssue } from './validation-issues.js';

/** One committed or attempted rule application, without any value. */
export interface RepairStep {
  readonly rule: RepairRuleId;
  readonly path: string;
  readonly from: string;
  readonly to: string;
}

/** The result of validating, and possibly repairing, one model input. */
export type RepairResult =
  | { readonly outcome: 'valid'; readonly input: unknown }
  | {
      readonly outcome: 'repaired';
      readonly input: Record<string, unknown>;
      readonly steps: readonly RepairStep[];
      readonly note: string;
    }
  | {
      readonly outcome: 'invalid' | 'abandoned';
      readonly issues: readonly ValidationIssue[];
      readonly steps: readonly RepairStep[];
    };

const STEP_LIMIT = 32;
const SUMMARY_LIMIT = 4;

/** The one corrective note a committed repair appends to the result. */
export function formatRepairNote(summaries: readonly string[]): string {
  const shown = summaries.slice(0, SUMMARY_LIMIT).join(' ');
  const extra =
    summaries.length > SUMMARY_LIMIT
      ? ` ${summaries.length - SUMMARY_LIMIT} additional repairs were applied.`
      : '';
  return `Note: Repaired tool input: ${shown}${extra} Please use the corrected argument shape in later calls.`;
}

/**
 * Validates `input`; when invalid and `enabled`, runs one bounded ordered pass of the rules
 * on a copy and commits the candidate only if it then validates.
 */
export function repairInput(options: {
  tool: Tool;
  input: unknown;
  validate: Validator;
  enabled: boolean;
}): RepairResult {
  const { tool, input, validate, enabled } = options;
  const issues = validate(input);
  if (issues === undefined) return { outcome: 'valid', input };
  if (!enabled || typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { outcome: 'invalid', issues, steps: [] };
  }
  const properties = propertyFactsOf(tool);
  const candidate: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const steps: RepairStep[] = [];
  const summaries: string[] = [];
  for (let step = 0; step < STEP_LIMIT; step++) {
    const found = firstApplicableRule(properties, candidate);
    if (found === undefined) break;
    const { rule, facts, proposal } = found;
    const before = candidate[facts.key];
    if (proposal.value === undefined) delete candidate[facts.key];
    else candidate[facts.key] = proposal.value;
    steps.push({ rule, path: facts.key, from: shapeName(before), to: shapeName(proposal.value) });
    summaries.push(proposal.summary);
    if (validate(candidate) === undefined) {
      return { outcome: 'repaired', input: candidate, steps, note: formatRepairNote(summaries) };
    }
  }
  // The model never saw the tentative candidate, so guidance describes what it sent.
  return { outcome: steps.length === 0 ? 'invalid' : 'abandoned', issues, steps };
}
