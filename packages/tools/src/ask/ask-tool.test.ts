import { createPipeline } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { createAskTool } from './ask-tool.js';
import type { AskRequest, AskResponse } from './types.js';

function scripted(response: AskResponse) {
  const requests: AskRequest[] = [];
  const askUser = async (request: AskRequest) => {
    requests.push(request);
    return response;
  };
  return { askUser, requests };
}

async function ask(response: AskResponse, input: Record<string, unknown>) {
  const host = scripted(response);
  const pipeline = createPipeline({ tools: [createAskTool({ askUser: host.askUser })] });
  const outcome = await pipeline.runTool({ name: 'Ask', input, toolUseId: 'ask-1' }).outcome;
  return { status: outcome.status, result: outcome.result, renderData: outcome.renderData, host };
}

const DB = {
  question: 'Which database?',
  header: 'DB',
  options: [
    { label: ' Postgres ', description: 'Relational', sample: 'CREATE TABLE t (id int);' },
    { label: 'SQLite' },
  ],
};
const CACHES = {
  question: 'Which caches?',
  multiSelect: true,
  options: [
    { label: 'Redis', sample: 'SET k v\nGET k' },
    { label: 'Memcached' },
    { label: 'None' },
  ],
};

describe('createAskTool', () => {
  it('returns a single-select answer with the chosen sample', async () => {
    const run = await ask(
      { status: 'submitted', answers: [{ selected: ['Postgres'] }] },
      { questions: [DB] },
    );
    expect(run.status).toBe('success');
    expect(run.result).toBe(
      [
        'The user answered the questionnaire:',
        '',
        '1. Which database?',
        '   Answer: Postgres',
        '   Sample (Postgres):',
        '     CREATE TABLE t (id int);',
      ].join('\n'),
    );
    expect(run.renderData).toEqual({ questions: 1, answered: 1 });
    expect(run.host.requests.map((request) => request.questions)).toEqual([
      [
        {
          question: 'Which database?',
          header: 'DB',
          multiSelect: false,
          options: [
            { label: 'Postgres', description: 'Relational', sample: 'CREATE TABLE t (id int);' },
            { label: 'SQLite', description: undefined, sample: undefined },
          ],
        },
      ],
    ]);
    expect(run.host.requests[0]?.toolUseId).toBe('ask-1');
  });

  it('lists multi-select answers in offered order, then the custom answer', async () => {
    const run = await ask(
      {
        status: 'submitted',
        answers: [{ selected: ['Memcached', 'Redis'], custom: ' both, behind a flag ' }],
      },
      { questions: [CACHES] },
    );
    expect(run.result).toBe(
      [
        'The user answered the questionnaire:',
        '',
        '1. Which caches?',
        '   Answer: Redis; Memcached; (custom) both, behind a flag',
        '   Sample (Redis):',
        '     SET k v',
        '     GET k',
      ].join('\n'),
    );
  });

  it('reports a custom-only answer and unanswered questions as no preference', async () => {
    const run = await ask(
      { status: 'submitted', answers: [{ selected: [], custom: 'MySQL' }, { selected: [] }] },
      { questions: [DB, CACHES, { question: 'Deploy where?', options: [{ label: 'Fly' }] }] },
    );
    expect(run.result).toBe(
      [
        'The user answered the questionnaire:',
        '',
        '1. Which database?',
        '   Answer: (custom) MySQL',
        '2. Which caches?',
        '   Answer: no preference',
        '3. Deploy where?',
        '   Answer: no preference',
      ].join('\n'),
    );
    expect(run.renderData).toEqual({ questions: 3, answered: 1 });
  });

  it('refuses duplicate labels after trimming without asking', async () => {
    const run = await ask(
      { status: 'submitted', answers: [] },
      { questions: [DB, { question: 'Q?', options: [{ label: 'A' }, { label: ' A  ' }] }] },
    );
    expect(run.status).toBe('error');
    expect(run.result).toBe(
      'Error: Question 2 has duplicate option label "A" (labels are compared after trimming)',
    );
    expect(run.host.requests).toEqual([]);
  });

  it('refuses a blank label with an Error: message', async () => {
    const run = await ask(
      { status: 'submitted', answers: [] },
      { questions: [{ question: 'Q?', options: [{ label: ' ' }] }] },
    );
    expect({ status: run.status, result: run.result }).toEqual({
      status: 'error',
      result: 'Error: Question 1 has an empty option label',
    });
    expect(run.host.requests).toEqual([]);
  });

  it('reports a cancelled questionnaire as an error', async () => {
    const run = await ask({ status: 'cancelled' }, { questions: [DB] });
    expect({ status: run.status, result: run.result }).toEqual({
      status: 'error',
      result: 'Error: The user cancelled the questionnaire.',
    });
  });

  it('fails the call when the host answers with a label it was not offered', async () => {
    const run = await ask(
      { status: 'submitted', answers: [{ selected: ['Oracle'] }] },
      { questions: [DB] },
    );
    expect(run.status).toBe('error');
    expect(String(run.result)).toContain(
      'answer 1 selects "Oracle", which is not an offered label',
    );
  });

  it('needs an askUser function', () => {
    expect(() => createAskTool({} as never)).toThrow(
      'createAskTool: `askUser` must be a function, received undefined',
    );
  });
});
