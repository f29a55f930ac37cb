import { abbreviates, type CommandVerdict, mutating, readOnly, unknown } from './verdict.js';

/** What a sed script can do beyond printing. */
export type SedScriptEffect = 'read-only' | 'writes' | 'executes' | 'unknown';

const simpleCommands = new Set([
  '=',
  'd',
  'D',
  'g',
  'G',
  'h',
  'H',
  'n',
  'N',
  'p',
  'P',
  'x',
  'z',
  'F',
]);
const numberedCommands = new Set(['q', 'Q', 'l', 'L']);

// GNU sed finds a delimiter by scanning for it unescaped, without bracket
// awareness; scanning the same way keeps our reading aligned with sed's.
function skipDelimited(script: string, index: number, delimiter: string): number {
  let position = index;
  while (position < script.length) {
    const character = script[position];
    if (character === '\\') position += 2;
    else if (character === delimiter) return position + 1;
    else if (character === '\n' && delimiter !== '\n') return -1;
    else position += 1;
  }
  return -1;
}

function skipAddress(script: string, index: number): number {
  let position = index;
  const character = script[position];
  if (character === '/') return skipDelimited(script, position + 1, '/');
  if (character === '\\') {
    const delimiter = script[position + 1];
    return delimiter === undefined ? -1 : skipDelimited(script, position + 2, delimiter);
  }
  if (character === '$') return position + 1;
  if (character === '+' || character === '~') position += 1;
  const match = /^[0-9]+(?:~[0-9]+)?/.exec(script.slice(position));
  return match ? position + match[0].length : index;
}

function skipToLineEnd(script: string, index: number): number {
  let position = index;
  while (position < script.length && script[position] !== '\n')
    position += script[position] === '\\' ? 2 : 1;
  return position;
}

/** Judges a GNU sed script: only printing and reading commands count as read-only. */
export function judgeSedScript(script: string): SedScriptEffect {
  let position = 0;
  const at = () => script[position] ?? '';
  while (position < script.length) {
    while (/[\s;}]/.test(at()) && position < script.length) position += 1;
    if (position >= script.length) break;
    if (at() === '#') {
      position = skipToLineEnd(script, position);
      continue;
    }
    let next = skipAddress(script, position);
    if (next < 0) return 'unknown';
    if (next > position) {
      position = next;
      while (script[position] === 'I' || script[position] === 'M') position += 1;
      if (at() === ',') {
        next = skipAddress(script, position + 1);
        if (next <= position + 1) return 'unknown';
        position = next;
        while (script[position] === 'I' || script[position] === 'M') position += 1;
      }
    }
    while (at() === ' ' || at() === '\t') position += 1;
    if (at() === '!') position += 1;
    while (at() === ' ' || at() === '\t') position += 1;
    const command = at();
    position += 1;
    if (command === '{' || simpleCommands.has(command)) continue;
    if (numberedCommands.has(command)) {
      while (/[\s0-9]/.test(at()) && at() !== '\n' && position < script.length) position += 1;
      continue;
    }
    if (command === 'w' || command === 'W') return 'writes';
    if (command === 'e') return 'executes';
    if (':btTvaicrR'.includes(command) && command !== '') {
      // Labels end at a newline or semicolon; text and file names at the line end.
      position = ':btTv'.includes(command)
        ? position + (/^[^;\n]*/.exec(script.slice(position))?.[0].length ?? 0)
        : skipToLineEnd(script, position);
      continue;
    }
    if (command === 's' || command === 'y') {
      const delimiter = at();
      if (delimiter === '' || delimiter === '\n' || delimiter === '\\') return 'unknown';
      position = skipDelimited(script, position + 1, delimiter);
      if (position < 0) return 'unknown';
      position = skipDelimited(script, position, delimiter);
      if (position < 0) return 'unknown';
      if (command === 'y') continue;
      const flags = /^[0-9gpiImMew]*/.exec(script.slice(position))?.[0] ?? '';
      if (flags.includes('w')) return 'writes';
      if (flags.includes('e')) return 'executes';
      position += flags.length;
      if (!/^[\s;}]|^$/.test(script.slice(position, position + 1))) return 'unknown';
      continue;
    }
    return 'unknown';
  }
  return 'read-only';
}

/** Judges a sed invocation from its literal arguments: options, then each script. */
export function judgeSed(args: readonly string[]): CommandVerdict {
  const scripts: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      rest.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--')) {
      if (abbreviates(arg, 'in-place', 1)) return mutating('sed --in-place edits files');
      if (arg.startsWith('--expression=')) scripts.push(arg.slice('--expression='.length));
      else if (arg === '--expression') scripts.push(args[++index] ?? '');
      else if (
        !/^--(?:quiet|silent|regexp-extended|separate|unbuffered|null-data|posix|debug|sandbox|line-length=\d+)$/.test(
          arg,
        )
      ) {
        return unknown(`sed ${arg}`);
      }
    } else if (arg.startsWith('-') && arg !== '-') {
      for (let position = 1; position < arg.length; position += 1) {
        const flag = arg[position] ?? '';
        if (flag === 'i') return mutating('sed -i edits files in place');
        if (flag === 'e' || flag === 'l') {
          const value = position + 1 < arg.length ? arg.slice(position + 1) : (args[++index] ?? '');
          if (flag === 'e') scripts.push(value);
          break;
        }
        if (!'nErsuz'.includes(flag)) return unknown(`sed -${flag}`);
      }
    } else {
      rest.push(arg);
    }
  }
  if (scripts.length === 0) {
    const script = rest.shift();
    if (script === undefined) return unknown('sed without a script');
    scripts.push(script);
  }
  for (const script of scripts) {
    const effect = judgeSedScript(script);
    if (effect === 'writes') return mutating('sed script writes a file');
    if (effect !== 'read-only')
      return unknown(`sed script ${effect === 'executes' ? 'runs commands' : 'not understood'}`);
  }
  return readOnly;
}
