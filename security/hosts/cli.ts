import type { Decided, HostFactory } from './host.js';
import { hostEnvironment, ruleFlags, runProcess, toolcallBin } from './processes.js';

const NOBODY_TO_ASK = /approval is required \((.*)\) and no one can be asked/;

/**
 * The real `toolcall call` command, one process per call, without a terminal: a question is a
 * denial that says approval was required (exit code 3), which the suite reads as `asked`.
 */
export const cliHost: HostFactory = async ({ workspace, home, policy }) => {
  const env = hostEnvironment(home, policy);
  return {
    name: 'cli',
    async call(tool, input): Promise<Decided> {
      const finished = await runProcess(
        process.execPath,
        [
          toolcallBin,
          'call',
          tool,
          '--args',
          JSON.stringify(input),
          '-C',
          workspace,
          ...ruleFlags(policy),
        ],
        { cwd: workspace, env },
      );
      const text = `${finished.stdout}${finished.stderr}`;
      if (finished.code === 3) {
        const asked = NOBODY_TO_ASK.exec(text);
        if (asked !== null) return { decision: 'asked', text, question: asked[1] ?? '' };
        return { decision: 'denied', text };
      }
      return { decision: 'ran', text };
    },
    close: async () => {},
  };
};
