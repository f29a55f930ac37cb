import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import type { PermissionAnswer, PermissionAsker } from '@toolcall/pipeline';
import { describePermissionRequest } from '@toolcall/tools';

/**
 * Asks one question on the terminal and resolves to the line typed (empty when input ends), or
 * to `undefined` once `signal` aborts: the question is then taken off the screen and its reader.
 */
export type AskQuestion = (text: string, signal: AbortSignal) => Promise<string | undefined>;

/** The line shown when a question is withdrawn because the call it was about was cancelled. */
export const WITHDRAWN = '  question withdrawn: the call was cancelled';

/**
 * An asker that puts each request to a person through `question`, one prompt at a time: parallel
 * calls in a script wait for the person in turn. `o` allows once, `a` always, anything else denies.
 * A call cancelled while its question is open has the question withdrawn (`say` tells the
 * person); a call cancelled before its turn is not asked about at all.
 */
export function promptAsker(options: {
  question: AskQuestion;
  say: (line: string) => void;
  onPrompt?: (open: boolean) => void;
}): PermissionAsker {
  let queue = Promise.resolve<PermissionAnswer>('deny');
  return (request) => {
    const turn = async (): Promise<PermissionAnswer> => {
      // The pipeline ignores the answer for a cancelled call: nobody needs to be asked.
      if (request.signal.aborted) return 'deny';
      options.onPrompt?.(true);
      try {
        const answer = await options.question(
          `\n? ${describePermissionRequest(request)}\n  (${request.reason})\n  [o]nce, [a]lways, [d]eny? `,
          request.signal,
        );
        if (answer === undefined) {
          options.say(WITHDRAWN);
          return 'deny';
        }
        const key = answer.trim().toLowerCase()[0];
        return key === 'o' || key === 'y' ? 'allow-once' : key === 'a' ? 'allow-always' : 'deny';
      } finally {
        options.onPrompt?.(false);
      }
    };
    // One failed question does not fail the ones queued behind it.
    queue = queue.then(turn, turn);
    return queue;
  };
}

/**
 * The command line's asker: `--yes` approves; a terminal gets an allow once / always / deny
 * prompt on a reader opened for the question; otherwise there is no asker, so `ask` is a denial.
 * A command that reads the terminal itself (the REPL) asks through its own reader instead.
 */
export function createAsker(options: {
  yes: boolean;
  input: Readable & { isTTY?: boolean };
  output: Writable & { isTTY?: boolean };
  onPrompt?: (open: boolean) => void;
}): PermissionAsker | undefined {
  if (options.yes) return () => 'allow-once';
  if (!options.input.isTTY || !options.output.isTTY) return undefined;
  return promptAsker({
    question: async (text, signal) => {
      const rl = createInterface({ input: options.input, output: options.output });
      // The reader puts the terminal in raw mode, so Ctrl-C arrives as a key: raise it as the
      // interrupt it would otherwise be, which cancels the run (and so withdraws this question).
      rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
      try {
        return await rl.question(text, { signal });
      } catch (error) {
        // Withdrawn: readline has cleared the prompt's line; closing the reader restores the terminal.
        if (signal.aborted) return undefined;
        throw error;
      } finally {
        rl.close();
      }
    },
    say: (line) => options.output.write(`${line}\n`),
    onPrompt: options.onPrompt,
  });
}
