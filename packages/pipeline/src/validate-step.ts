import { withDefaults } from './call-utils.js';
import { validatorFor } from './compile-validator.js';
import { isPlainObject } from './json.js';
import { repairInput } from './repair.js';
import { propertyFactsOf } from './repair-rules.js';
import type { ToolCallRun } from './run-tool.js';
import type { Tool } from './tool-types.js';
import { formatInvalidInput } from './validation-issues.js';

// Most inputs hold no null, and then the per-property facts (two ajv compiles per
// property on a tool's first call) are never needed.
function hasNull(input: object): boolean {
  for (const key in input) if ((input as Record<string, unknown>)[key] === null) return true;
  return false;
}

/**
 * Programmatic callers (a ToolCall guest's `nil`) spell an omitted optional argument as
 * `null`; it reads as absent. Model input keeps null distinct, and repair reports it.
 */
function withoutOptionalNulls(tool: Tool, input: unknown): unknown {
  // The null scan comes first: outside code V8 has inlined, `isPlainObject`'s prototype read
  // is a runtime call (about 120 instructions, counted under callgrind), paid by every call.
  if (typeof input !== 'object' || input === null || !hasNull(input) || !isPlainObject(input))
    return input;
  let copy: Record<string, unknown> | undefined;
  for (const facts of propertyFactsOf(tool)) {
    if (input[facts.key] !== null || facts.required || facts.check(null) === undefined) continue;
    if (copy === undefined) copy = { ...input };
    delete copy[facts.key];
  }
  return copy ?? input;
}

/** Validates (repairing model input when allowed); settles and returns false when invalid. */
export function validateInput(run: ToolCallRun, tool: Tool): boolean {
  const core = run.core;
  const validate = validatorFor(tool);
  const input = run.origin === 'programmatic' ? withoutOptionalNulls(tool, run.input) : run.input;
  // The valid path, every call's, skips building repair's options and result objects.
  if (validate(input) === undefined) {
    run.input = withDefaults(tool, input as Record<string, unknown>);
    return true;
  }
  const repaired = repairInput({
    tool,
    input,
    validate,
    enabled: core.repair && run.origin === 'model',
  });
  if (repaired.outcome === 'valid') {
    run.input = withDefaults(tool, repaired.input as Record<string, unknown>);
    return true;
  }
  run.repair = { outcome: repaired.outcome, steps: repaired.steps };
  core.repairLog.record({
    tool: tool.name,
    toolUseId: run.toolUseId,
    origin: run.origin,
    source: run.source,
    outcome: repaired.outcome,
    steps: repaired.steps,
    paths: repaired.outcome === 'repaired' ? [] : repaired.issues.map((issue) => issue.path),
  });
  if (repaired.outcome === 'repaired') {
    run.repairNote = repaired.note;
    run.input = withDefaults(tool, repaired.input);
    return true;
  }
  const text = formatInvalidInput(tool.name, repaired.issues);
  run.fail('invalid-arguments', text, { result: text });
  return false;
}
