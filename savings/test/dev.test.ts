import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildFixture, type FixtureWorkspace } from '../src/fixture/build-workspace.js';
import { startWebSite, type WebSite } from '../src/fixture/web-server.js';
import { runArm } from '../src/run/run-task.js';
import { ALL_TASKS } from '../src/tasks/index.js';

let fixture: FixtureWorkspace;
let site: WebSite;
beforeAll(async () => {
  fixture = buildFixture();
  site = await startWebSite();
});
afterAll(async () => {
  fixture.remove();
  await site.close();
});
const only = process.env.TASK;
for (const task of ALL_TASKS.filter((t) => only === undefined || t.id === only)) {
  it(task.id, async () => {
    const d = await runArm({ task, arm: 'direct', fixture, origin: site.origin });
    const t = await runArm({ task, arm: 'toolcall', fixture, origin: site.origin });
    for (const run of [d, t])
      for (const turn of run.turns)
        for (const c of turn.calls)
          console.log(`--- ${c.tool} ${JSON.stringify(c.input).slice(0, 300)}\n${c.text}`);
    console.log(JSON.stringify(d.answer), '\n', JSON.stringify(t.answer));
    expect(t.answer).toEqual(d.answer);
  });
}
