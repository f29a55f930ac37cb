import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { parseArgs } from 'node:util';
import { checkWorkspace, uniqueToolUseId } from '@toolcall/tools';
import { promptAsker } from './asker.js';
import { commonOptions } from './common-options.js';
import type { CliIo } from './io.js';
import { failureLine, present } from './present.js';
import { runProcessCommand } from './repl-processes.js';
import { setUp } from './setup.js';

/** How many more closing brackets the text needs (ignoring strings and comments); <0 is too many. */
export function openDepth(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === ';') while (i < text.length && text[i] !== '\n') i += 1;
    else if (char === '?' && text[i + 1] === '\\') i += 2;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
  }
  return inString ? Math.max(depth, 1) : depth;
}

const DEFINITION = /^\s*\(\s*defun\s+([^\s()]+)/;

/**
 * `toolcall repl`: reads forms (a form may span lines), runs each through ToolCall with the tool
 * set and renders it. `defun`s are kept and sent ahead of later inputs; history is saved in
 * `.toolcall/repl-history`.
 */
export async function replCommand(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.stderr.write(`toolcall repl: ${(error as Error).message}\n`);
    return 2;
  }
  const checked = await checkWorkspace(
    resolve(io.cwd ?? process.cwd(), parsed.values.workspace ?? '.'),
  );
  if (!checked.success) {
    io.stderr.write(`toolcall repl: ${checked.error.message}\n`);
    return 2;
  }
  const input = io.stdin ?? process.stdin;
  const terminal = input.isTTY === true && io.stdout.isTTY === true;
  let rl: Interface | undefined;
  // On a terminal, permission questions go through the REPL's own reader: one reader owns stdin,
  // so an answer is read once and the REPL goes on reading after it.
  const ask =
    terminal && parsed.values.yes !== true
      ? promptAsker({
          question: (text, signal) => question(rl!, text, signal),
          say: (line) => io.stdout.write(`${line}\n`),
        })
      : undefined;
  const setup = await setUp(parsed.values, io, ask === undefined ? {} : { askUser: ask });
  if (!setup.success) {
    io.stderr.write(`toolcall repl: ${setup.error}\n`);
    return 2;
  }
  const { pipeline, workspace } = setup.value;
  const historyFile = join(workspace, '.toolcall', 'repl-history');
  const history = (await readFile(historyFile, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .reverse();
  rl = createInterface({ input, output: io.stdout, terminal, history, historySize: 500 });
  if (terminal) {
    io.stdout.write(
      'ToolCall REPL: one form per input, /help for process commands, Ctrl-D to leave.\n',
    );
  }
  // The form running now: Ctrl-C cancels it (withdrawing its question) and the REPL goes on.
  let running: { cancel(): void } | undefined;
  // At the prompt, Ctrl-C leaves the REPL, as Ctrl-D does.
  rl.on('SIGINT', () => (running === undefined ? rl!.close() : running.cancel()));
  let open = true;
  rl.once('close', () => {
    open = false;
  });
  io.signal?.addEventListener(
    'abort',
    () => {
      running?.cancel();
      rl!.close();
    },
    { once: true },
  );
  const definitions: string[] = [];
  let pending = '';
  rl.setPrompt('tc> ');
  if (terminal) rl.prompt();
  for await (const line of rl) {
    if (pending === '' && (await runProcessCommand(line, setup.value, io))) {
      if (terminal && open) rl.prompt();
      continue;
    }
    pending = pending === '' ? line : `${pending}\n${line}`;
    const depth = openDepth(pending);
    if (pending.trim() === '' || depth > 0) {
      rl.setPrompt(pending.trim() === '' ? 'tc> ' : '... ');
      if (terminal) rl.prompt();
      if (pending.trim() === '') pending = '';
      continue;
    }
    const source = pending;
    pending = '';
    await mkdir(dirname(historyFile), { recursive: true });
    await appendFile(historyFile, `${source.replace(/\n/g, ' ')}\n`);
    const definedName = DEFINITION.exec(source)?.[1];
    const run = pipeline.runTool({
      name: 'ToolCall',
      // A script needs a body form after its definitions: a defun answers its name, as in Emacs.
      input: {
        expression: [...definitions, source, definedName ? `'${definedName}` : ''].join('\n'),
      },
      toolUseId: uniqueToolUseId('repl'),
      origin: 'programmatic',
    });
    running = run;
    const outcome = await run.outcome;
    running = undefined;
    if (outcome.status === 'success' && DEFINITION.test(source)) definitions.push(source);
    await present(outcome, setup.value.renderers, io, {});
    await setup.value.settle(outcome.toolUseId);
    const failure = failureLine(outcome);
    if (failure !== undefined) io.stderr.write(`${failure}\n`);
    rl.setPrompt('tc> ');
    // A prompt after Ctrl-C or Ctrl-D would resume the input and keep the process alive.
    if (terminal && open) rl.prompt();
  }
  await setup.value.close();
  if (pending.trim() !== '')
    io.stderr.write('toolcall repl: input ended inside an unfinished form\n');
  return 0;
}

/**
 * Asks on the REPL's reader; the answer stays out of the form history, and Ctrl-D is no. When
 * `signal` aborts, readline drops the question (and any half-typed answer), so the next line
 * typed is read as a form, once.
 */
function question(rl: Interface, text: string, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((answered) => {
    const closed = () => {
      signal.removeEventListener('abort', withdrawn);
      answered('');
    };
    const withdrawn = () => {
      rl.off('close', closed);
      answered(undefined);
    };
    rl.once('close', closed);
    signal.addEventListener('abort', withdrawn, { once: true });
    rl.question(text, { signal }, (answer) => {
      rl.off('close', closed);
      signal.removeEventListener('abort', withdrawn);
      const history = (rl as Interface & { history?: string[] }).history;
      if (answer !== '' && history?.[0] === answer) history.shift();
      answered(answer);
    });
  });
}

function parse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: { ...commonOptions } });
}
