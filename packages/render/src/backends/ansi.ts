import type { RenderStatus } from '../rendering.js';
import type { RenderTree } from '../tree.js';
import { classifyLine } from './line-classes.js';
import { layoutText, type TextLayoutOptions, type TextStyle } from './text-layout.js';

/** Options for {@link renderAnsi}; colour needs a TTY and no `NO_COLOR`, unless `color` says. */
export interface AnsiOptions extends TextLayoutOptions {
  /** Whether the output stream is a terminal (default false). */
  readonly isTTY?: boolean;
  /** Environment variables to consult, such as `NO_COLOR` (default none). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Forces colour on or off, overriding `isTTY` and `env`. */
  readonly color?: boolean;
}

const reset = '\u001b[0m';
const sgr = (code: string) => (text: string) => `\u001b[${code}m${text}${reset}`;
const red = sgr('1;31');
const yellow = sgr('1;33');
const cyan = sgr('36');
const green = sgr('32');
const magenta = sgr('35');
const faint = sgr('2');
const bold = sgr('1');

const markerColors: Readonly<Record<RenderStatus, (text: string) => string>> = {
  success: (text) => text,
  error: red,
  warning: yellow,
  running: cyan,
  cancelled: faint,
  denied: red,
  interrupted: faint,
};

const lineColors: Readonly<Record<string, (text: string) => string>> = {
  'diff-add': green,
  'diff-del': (text) => `\u001b[31m${text}${reset}`,
  'diff-hunk': cyan,
  'diff-meta': bold,
  'grep-path': magenta,
  'grep-separator': faint,
};

function colorBodyLine(mode: string, line: string): string {
  const classes = classifyLine(mode, line);
  if (classes === null) return line;
  if (classes.kind === 'grep-hit' || classes.kind === 'grep-context') {
    const number = green(line.slice(0, classes.split));
    const rest = line.slice(classes.split);
    return classes.kind === 'grep-context' ? number + faint(rest) : number + rest;
  }
  const paint = lineColors[classes.kind];
  return paint === undefined ? line : paint(line);
}

const colorStyle: TextStyle = {
  marker: (status, text) => markerColors[status](text),
  bodyLine: colorBodyLine,
  dim: faint,
};

const monoStyle: TextStyle = {
  marker: (_status, text) => text,
  bodyLine: (_mode, line) => line,
  dim: (text) => text,
};

/** Whether colour is on: `color` if given, else a TTY with `NO_COLOR` unset or empty. */
export function useColor(options: Pick<AnsiOptions, 'isTTY' | 'env' | 'color'>): boolean {
  if (options.color !== undefined) return options.color;
  const noColor = options.env?.NO_COLOR;
  return options.isTTY === true && (noColor === undefined || noColor === '');
}

/**
 * Draws a render tree for a terminal: a red × for errors, a red ⊗ for denials, a yellow ! for
 * warnings, a faint ⊘ or ↯ for cancelled or interrupted calls, coloured diff
 * and grep bodies, folded long bodies and bracketed batches.
 */
export function renderAnsi(tree: RenderTree, options: AnsiOptions = {}): string {
  const { isTTY, env, color, ...layout } = options;
  return layoutText(tree, useColor({ isTTY, env, color }) ? colorStyle : monoStyle, layout);
}
