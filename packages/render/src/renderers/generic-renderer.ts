import type { RenderContext } from '../renderer.js';
import type { Rendering } from '../rendering.js';
import { firstLine } from './text.js';

// Arguments that best identify a call, in the order a reader looks for them.
const salientKeys = [
  'file_path',
  'path',
  'pattern',
  'command',
  'url',
  'query',
  'expression',
  'name',
];

/** Picks the argument that best names what a call acted on, as one short line. */
export function summarizeArgs(args: unknown, columns = 60): string {
  if (typeof args !== 'object' || args === null) return '';
  const record = args as Record<string, unknown>;
  for (const key of salientKeys) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return firstLine(value, columns);
  }
  for (const value of Object.values(record)) {
    if (typeof value === 'string' && value !== '') return firstLine(value, columns);
  }
  return '';
}

function bodyOf(result: unknown): string {
  if (result === undefined || result === null) return '';
  if (typeof result === 'string') return result;
  try {
    return JSON.stringify(result, null, 2) ?? String(result);
  } catch {
    return String(result);
  }
}

/** The fallback renderer: the tool name and salient argument, with the raw result as the body. */
export function genericRenderer(
  name: string,
  args: unknown,
  result: unknown,
  _renderData: unknown,
  context: RenderContext,
): Rendering {
  const subject = summarizeArgs(args);
  let header = subject === '' ? name : `${name}: ${subject}`;
  if (context.status === 'error' && typeof result === 'string' && result !== '') {
    header = `${header} — ${firstLine(result, 80)}`;
  }
  const hasBody =
    result !== undefined && result !== null && (typeof result !== 'string' || result !== '');
  const rendering: Rendering = {
    header,
    bodyMode: typeof result === 'string' || !hasBody ? 'text' : 'json',
    status: context.status,
    expandable: hasBody,
    initiallyCollapsed: true,
  };
  return context.summaryOnly ? rendering : { ...rendering, body: bodyOf(result) };
}
