import { StaticError } from './guest-error.js';
import { type BudgetName, type Limits, normalizeLimits } from './limits.js';
import { compileProgram } from './program.js';
import { read } from './reader.js';
import { rosterOf, toolInfos } from './roster.js';
import type { ToolBinding } from './tool-types.js';

/** The result of `preflight`: whether the script is one direct tool call, or why it cannot run. */
export type PreflightResult =
  | { success: true; value: { direct: boolean } }
  | {
      success: false;
      error: { kind: 'read' | 'preflight' | 'budget'; budget?: BudgetName; message: string };
    };

/** Reads and checks a script without running anything: unknown operators, standalone-only tools, literal regexps, definitions. */
export function preflight(
  source: string,
  options: { tools?: Record<string, ToolBinding>; limits?: Partial<Limits> } = {},
): PreflightResult {
  const limits = normalizeLimits(options.limits);
  const parsed = read(source, limits);
  if (!parsed.success) {
    if (parsed.error.budget !== undefined)
      return {
        success: false,
        error: { kind: 'budget', budget: parsed.error.budget, message: parsed.error.message },
      };
    return { success: false, error: { kind: 'read', message: parsed.error.message } };
  }
  try {
    const program = compileProgram(
      parsed.value.forms,
      toolInfos(rosterOf(options.tools)),
      parsed.value.positions,
      source,
      limits,
    );
    return { success: true, value: { direct: program.direct } };
  } catch (error) {
    if (error instanceof StaticError)
      return { success: false, error: { kind: 'preflight', message: error.message } };
    throw error;
  }
}
