import { type PermissionRule, parsePermissionRule } from '@toolcall/pipeline';
import { createToolSet } from '@toolcall/tools';
import type { Decided, HostFactory } from './host.js';

/** Parses the table's rule strings the way every host does. */
export function rulesOf(policy: {
  allow: readonly string[];
  deny: readonly string[];
  ask?: readonly string[];
}): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const action of ['allow', 'deny', 'ask'] as const) {
    for (const text of policy[action] ?? []) {
      const parsed = parsePermissionRule(text, action);
      if (!parsed.success) throw new Error(parsed.error);
      rules.push(parsed.value);
    }
  }
  return rules;
}

function textOf(result: unknown): string {
  return typeof result === 'string' ? result : JSON.stringify(result);
}

/** A harness that embeds `createToolSet` with the defaults and a recording asker. */
export const embeddedHost: HostFactory = async ({ workspace, home, policy }) => {
  let question: string | undefined;
  // The tools and the policy both expand `~` to this process's $HOME, as a harness's tools would.
  const previousHome = process.env.HOME;
  process.env.HOME = home;
  const set = createToolSet({
    workspace,
    permissions: { mode: policy.mode, rules: rulesOf(policy) },
    askUser: (request) => {
      question = request.reason;
      return 'deny';
    },
  });
  let calls = 0;
  return {
    name: 'embedded',
    async call(tool, input): Promise<Decided> {
      question = undefined;
      calls += 1;
      const run = set.pipeline.runTool({ name: tool, input, toolUseId: `call-${calls}` });
      const outcome = await run.outcome;
      const text =
        outcome.status === 'success' ? textOf(outcome.result) : (outcome.error?.message ?? '');
      if (question !== undefined) return { decision: 'asked', text, question };
      if (outcome.status === 'error' && outcome.error?.code === 'denied')
        return { decision: 'denied', text };
      return { decision: 'ran', text };
    },
    close: async () => {
      await set.close();
      process.env.HOME = previousHome;
    },
  };
};
