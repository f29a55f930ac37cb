import { buildRenderTree, type RenderRow } from '@toolcall/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
let cancel = false;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    askQuestions: async () =>
      cancel
        ? { status: 'cancelled' as const }
        : { status: 'submitted' as const, answers: [{ selected: ['Yes'] }, { selected: [] }] },
  });
});
afterAll(() => workspace.dispose());

const questions = [
  { question: 'Go on?', options: [{ label: 'Yes' }, { label: 'No' }] },
  { question: 'Colour?', options: [{ label: 'Red' }] },
];

async function row(summaryOnly: boolean): Promise<RenderRow> {
  const outcome = await workspace.call('Ask', { questions });
  const record = {
    id: outcome.toolUseId,
    tool: 'Ask',
    args: { questions },
    result: outcome.result,
    status: outcome.status,
    renderData: outcome.renderData ?? null,
  };
  const expand = summaryOnly ? 'none' : 'default';
  return buildRenderTree([record], { registry: workspace.toolSet.renderers, expand })
    .items[0] as RenderRow;
}

describe('askRenderer', () => {
  it('counts the questions and the answered ones, the answers open by default', async () => {
    cancel = false;
    const summary = await row(true);
    const full = await row(false);
    expect([summary.header, summary.body]).toEqual(['Ask: 2 questions (1 answered)', null]);
    expect([full.expanded, full.body]).toEqual([
      true,
      'The user answered the questionnaire:\n\n1. Go on?\n   Answer: Yes\n2. Colour?\n   Answer: no preference',
    ]);
  });

  it('leaves a cancelled questionnaire to the generic error row', async () => {
    cancel = true;
    const failed = await row(false);
    expect([failed.header, failed.status]).toEqual([
      'Ask — Error: The user cancelled the questionnaire.',
      'error',
    ]);
  });
});
