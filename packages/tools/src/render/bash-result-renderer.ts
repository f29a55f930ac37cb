import type { JsonValue, RenderData, Renderer } from '@toolcall/render';

// The model-facing element a Bash-family result ends with, after a blank line when anything
// precedes it: `<bash-execution name="value" …/>`.
const ELEMENT = /(?:^|\n\n)<bash-execution((?: [a-z_]+="[^"]*")*)\/>$/;
const ATTRIBUTE = / ([a-z_]+)="([^"]*)"/g;
// The confinement line a noteworthy run gets between its output and the element, with the
// guidance line a confined failure adds; the last such part is the handler's.
const SANDBOX_LINE =
  /(?:^|\n\n)(\[sandbox: (?:bubblewrap|none); filesystem: [^\n]*\](?:\nIf the sandbox blocked [^\n]*)?)(?:\n\n(?:(?!\[sandbox: )[\s\S])*)?$/;

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#10;': '\n',
  '&#13;': '\r',
  '&#9;': '\t',
};

function decodeAttribute(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#10|#13|#9);/g, (entity) => ENTITIES[entity] ?? entity);
}

function numberOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The execution facts and output of a Bash-family result text, from the element it ends with,
 * as render data like the handler's; `null` when the text does not end with one.
 */
export function renderDataFromResult(result: string): RenderData | null {
  const match = ELEMENT.exec(result);
  if (match === null) return null;
  const attributes = new Map<string, string>();
  for (const [, key, value] of match[1]!.matchAll(ATTRIBUTE))
    attributes.set(key!, decodeAttribute(value!));
  const command = attributes.get('command');
  const state = attributes.get('state');
  if (command === undefined || state === undefined) return null;
  const facts: Record<string, JsonValue> = { command, state };
  const keep = (key: string, name: string) => {
    const value = attributes.get(key);
    if (value !== undefined) facts[name] = value;
  };
  const number = (key: string, name: string, scale = 1) => {
    const value = numberOf(attributes.get(key));
    if (value !== undefined) facts[name] = Math.round(value * scale);
  };
  keep('execution_id', 'executionId');
  keep('termination', 'termination');
  keep('outcome', 'outcome');
  number('exit_code', 'exitCode');
  number('wall_time_seconds', 'wallTimeMs', 1000);
  number('output_bytes', 'outputBytes');
  number('output_lines', 'outputLines');
  const omitted = numberOf(attributes.get('omitted_output_bytes')) ?? 0;
  const outputPath = attributes.get('output_path');
  // What precedes the element: the output, then the confinement line and the notes.
  const text = result.slice(0, match.index);
  const sandbox = SANDBOX_LINE.exec(text);
  return {
    kind: 'bash-execution',
    command,
    output: sandbox === null ? text : text.slice(0, sandbox.index),
    omittedBytes: omitted,
    facts,
    ...(outputPath === undefined ? {} : { outputPath }),
    ...(sandbox === null ? {} : { sandboxLine: sandbox[1]! }),
  };
}

/**
 * `renderer` for a Bash-family tool, given the facts of the result's own element when the call's
 * render data has none: a nested call whose render data was too large for the script's audit is
 * still drawn from its output and exit, never with the model-facing element in its body.
 */
export function withResultFacts(renderer: Renderer): Renderer {
  return (name, args, result, renderData, context) => {
    const hasFacts = typeof renderData?.facts === 'object' && renderData.facts !== null;
    const recovered = hasFacts || typeof result !== 'string' ? null : renderDataFromResult(result);
    return renderer(name, args, result, recovered ?? renderData, context);
  };
}
