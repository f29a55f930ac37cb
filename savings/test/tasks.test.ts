import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, type FixtureWorkspace } from '../src/fixture/build-workspace.js';
import { startWebSite, type WebSite } from '../src/fixture/web-server.js';
import { runArm } from '../src/run/run-task.js';
import { ALL_TASKS } from '../src/tasks/index.js';
import type { Answer } from '../src/tasks/types.js';

// The answers the committed results were measured with.
const committed = new Map<string, Answer>(
  (
    JSON.parse(readFileSync(new URL('../results.json', import.meta.url), 'utf8')) as {
      tasks: { id: string; answer: Answer }[];
    }
  ).tasks.map((task) => [task.id, task.answer]),
);

const isEmpty = (answer: Answer) =>
  answer === null ||
  answer === '' ||
  (Array.isArray(answer) && answer.length === 0) ||
  (typeof answer === 'object' && answer !== null && Object.keys(answer).length === 0);

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

// Each arm runs in its own copy of the fixture through its own tool set: tasks may overlap.
describe.concurrent('task corpus', () => {
  it('has 25 tasks with distinct ids', () => {
    expect(new Set(ALL_TASKS.map((task) => task.id)).size).toBe(25);
  });

  for (const task of ALL_TASKS) {
    it(`${task.id}: the direct plan and the ToolCall plan give the same answer`, async () => {
      const direct = await runArm({ task, arm: 'direct', fixture, origin: site.origin });
      const toolcall = await runArm({ task, arm: 'toolcall', fixture, origin: site.origin });
      expect(isEmpty(direct.answer)).toBe(false);
      expect(toolcall.answer).toEqual(direct.answer);
      expect(direct.answer).toEqual(committed.get(task.id));
      // A ToolCall plan is ToolCall scripts only; a direct plan never uses ToolCall.
      expect(toolcall.turns.flatMap((turn) => turn.calls.map((call) => call.tool))).toEqual(
        toolcall.turns.flatMap((turn) => turn.calls.map(() => 'ToolCall')),
      );
      expect(direct.turns.some((turn) => turn.calls.some((call) => call.tool === 'ToolCall'))).toBe(
        false,
      );
    });
  }
});
