import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TABLES, type CommandCase, denyRm, MONITOR_CASES } from '../cases/commands.js';
import { type Host, meets } from '../hosts/host.js';
import { HOSTS, sample } from '../hosts/index.js';
import { createLayout, removeLayout, victimIntact } from '../hosts/workspace.js';

const label = (entry: CommandCase) =>
  `${JSON.stringify(entry.command)} is ${entry.expect}${entry.note ? ` (${entry.note})` : ''}`;

describe.each(HOSTS)('$name', ({ open, every }) => {
  for (const table of COMMAND_TABLES) {
    describe(`Bash under ${table.name}`, () => {
      const layout = createLayout();
      let host: Host;
      beforeAll(async () => {
        host = await open({ workspace: layout.workspace, home: layout.home, policy: table });
      });
      afterAll(async () => {
        await host?.close();
        removeLayout(layout.root);
      });
      it.each(sample(table.cases, every))('%s', async (entry) => {
        const decided = await host.call('Bash', {
          command: entry.command,
          description: 'security suite',
        });
        const intact = victimIntact(layout.workspace);
        expect(
          { decision: decided.decision, meets: meets(entry.expect, decided.decision) },
          label(entry),
        ).toMatchObject({ meets: true });
        if (entry.expect !== 'ran') expect(intact, 'the victim survives').toBe(true);
      });
    });
  }

  describe(`Monitor under ${denyRm.name}: judged exactly as Bash`, () => {
    const layout = createLayout();
    let host: Host;
    beforeAll(async () => {
      host = await open({ workspace: layout.workspace, home: layout.home, policy: denyRm });
    });
    afterAll(async () => {
      await host?.close();
      removeLayout(layout.root);
    });
    it.each(sample(MONITOR_CASES, every * 2))('%s', async (entry) => {
      const decided = await host.call('Monitor', {
        command: entry.command,
        description: 'security suite',
      });
      expect(meets(entry.expect, decided.decision), `${label(entry)}: ${decided.decision}`).toBe(
        true,
      );
      expect(victimIntact(layout.workspace), 'the victim survives').toBe(true);
    });
  });
});
