import { rm } from 'node:fs/promises';
import { copyFixture, type FixtureWorkspace } from '../fixture/build-workspace.js';
import type { Task } from '../tasks/types.js';
import { openHarness } from './harness.js';
import { type PlanRun, runPlan } from './run-plan.js';

/** Which solution of a task runs. */
export type Arm = 'direct' | 'toolcall';

/** One arm as run, with the workspace it ran in (removed by then). */
export interface ArmRun extends PlanRun {
  readonly workspace: string;
}

/**
 * Runs one arm of a task in a fresh copy of the built fixture through a fresh tool set (so no
 * read memory, artifact or file change carries over between arms or tasks).
 */
export async function runArm(options: {
  task: Task;
  arm: Arm;
  fixture: FixtureWorkspace;
  origin: string;
}): Promise<ArmRun> {
  const { task, arm, fixture, origin } = options;
  const copy = await copyFixture(fixture);
  const harness = openHarness({ workspace: copy.workspace });
  try {
    const context = { workspace: copy.workspace, origin };
    const plan = arm === 'direct' ? task.direct(context) : task.toolcall(context);
    const run = await runPlan(plan, harness);
    return { ...run, workspace: copy.workspace };
  } finally {
    await harness.close();
    await rm(copy.root, { recursive: true, force: true });
  }
}
