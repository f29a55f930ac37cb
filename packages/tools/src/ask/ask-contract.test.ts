import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkspace, type TestWorkspace } from '../testing/workspace.js';

let workspace: TestWorkspace;
beforeAll(async () => {
  workspace = await createTestWorkspace({
    web: false,
    askQuestions: async () => ({ status: 'cancelled' }),
  });
});
afterAll(() => workspace.dispose());

describe('Ask contract', () => {
  it('names every question and option field in its ToolSearch contract', async () => {
    const search = await workspace.run('ToolSearch', { query: 'Ask' });
    expect(search.status).toBe('success');
    const contract = String(search.result);
    const line = contract.split('\n').find((text) => text.startsWith('- :questions '));
    expect(line).toBeDefined();
    for (const field of [
      ':question ',
      ':header ',
      ':options ',
      ':label ',
      ':description ',
      ':sample ',
      ':multiSelect ',
    ]) {
      expect(line).toContain(field);
    }
  });
});
