import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { isGroupPopulated } from './process-tree.js';
import { testManager, waitForOutput } from './testing/fixtures.js';

const owner = '/root';

describe('stopExecution', () => {
  test.prop([fc.boolean(), fc.integer({ min: 1, max: 3 })], { numRuns: 8, timeout: 20_000 })(
    'finishes within the grace interval, escalating to KILL exactly when TERM is ignored',
    async (ignoresTerm, stages) => {
      const manager = testManager({ graceMs: 200 });
      const pipeline = Array.from({ length: stages }, () => 'sleep 300').join(' | ');
      const started = await manager.runBash({
        owner,
        command: `${ignoresTerm ? "trap '' TERM; " : ''}echo ready; ${pipeline}; echo unreachable`,
        yieldTimeMs: 250,
      });
      if (!started.success) throw started.error;
      const { executionId } = started.value.facts;
      // TERM must arrive after the trap is installed, or ignoring it is not what is being tested.
      await waitForOutput(manager, owner, executionId, 'ready');
      const groupId = manager.processGroupOf(owner, executionId);
      const stopped = await manager.stopExecution({ owner, executionId });
      if (!stopped.success) throw stopped.error;
      expect({
        output: started.value.output + stopped.value.output,
        state: stopped.value.facts.state,
        termination: stopped.value.facts.termination,
        forcedKill: stopped.value.facts.forcedKill,
        populated: groupId === undefined ? 'unknown' : isGroupPopulated(groupId),
      }).toEqual({
        output: 'ready\n',
        state: 'completed',
        termination: 'stopped',
        forcedKill: ignoresTerm,
        populated: false,
      });
    },
  );
});
