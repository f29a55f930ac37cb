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

  const question = (options: readonly Record<string, unknown>[], text = 'Q?') => ({
    question: text,
    options,
  });
  const labels = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ label: `L${i + 1}` }));

  it.each([
    {
      name: 'more than four questions',
      questions: Array.from({ length: 5 }, () => question(labels(2))),
      error: '- `questions`: expected at most 4 items.',
    },
    {
      name: 'more than four options',
      questions: [question(labels(5))],
      error: '- `questions[0].options`: expected at most 4 items.',
    },
    {
      name: 'a whitespace-only question',
      questions: [question(labels(2)), question(labels(2), ' \n\t ')],
      error: 'Error: Question 2 is blank',
    },
    {
      name: 'a whitespace-only label',
      questions: [question([{ label: 'A' }, { label: ' \t' }])],
      error: 'Error: Question 1 has an empty option label',
    },
    {
      name: 'a label with a line break',
      questions: [question([{ label: 'a\nb' }])],
      error:
        'Error: Question 1 has an option label with a line break, "a\\nb"; a label must be one line',
    },
    {
      name: 'a label with a carriage return',
      questions: [question([{ label: ' a\rb ' }])],
      error:
        'Error: Question 1 has an option label with a line break, "a\\rb"; a label must be one line',
    },
    {
      name: 'an empty sample',
      questions: [question([{ label: 'A', sample: '' }])],
      error: 'Error: Question 1 option "A" has a blank sample; leave sample out instead',
    },
    {
      name: 'a whitespace-only sample',
      questions: [question(labels(1)), question([{ label: ' B ', sample: ' \n  ' }])],
      error: 'Error: Question 2 option "B" has a blank sample; leave sample out instead',
    },
  ])('refuses $name before asking', async ({ questions, error }) => {
    const run = await ask({ status: 'submitted', answers: [] }, { questions });
    expect(run.status).toBe('error');
    if (error.startsWith('Error:')) expect(run.result).toBe(error);
    else expect(String(run.result)).toContain(error);
    expect(run.host.requests).toEqual([]);
  });

  it('asks four questions of four options, trimming texts and leaving out blank ones', async () => {
    const padded = { question: '  Which?  ', header: '  ', options: labels(4) };
    const run = await ask(
      { status: 'submitted', answers: [] },
      {
        questions: [
          { ...padded, options: [{ label: 'A', description: ' ', sample: ' x ' }, ...labels(3)] },
          padded,
          padded,
          padded,
        ],
      },
    );
    expect(run.status).toBe('success');
    const shown = run.host.requests[0]?.questions ?? [];
    expect(shown).toHaveLength(4);
    expect(shown[0]).toEqual({
      question: 'Which?',
      header: undefined,
      multiSelect: false,
      options: [
        { label: 'A', description: undefined, sample: ' x ' },
        ...labels(3).map((option) => ({ ...option, description: undefined, sample: undefined })),
      ],
    });
  });

  it('reports a cancelled questionnaire as an error', async () => {
    const run = await ask({ status: 'cancelled' }, { questions: [DB] });
    expect({ status: run.status, result: run.result }).toEqual({
      status: 'error',
      result: 'Error: The user cancelled the questionnaire.',
    });
  });

  it('reports a host that throws as an error, not as a cancel', async () => {
    const askUser = async (): Promise<AskResponse> => {
      throw new Error('the questionnaire could not be shown: the form broke');
    };
    const pipeline = createPipeline({ tools: [createAskTool({ askUser })] });
    const outcome = await pipeline.runTool({
      name: 'Ask',
      input: { questions: [DB] },
      toolUseId: 'ask-1',
    }).outcome;
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'error',
      result: 'Error: the questionnaire could not be shown: the form broke',
    });
  });

  it('tells the caller it waits for a person while the user answers, and not after', async () => {
    const waits: string[] = [];
    const askUser = async (): Promise<AskResponse> => {
      waits.push('asked');
      return { status: 'submitted', answers: [{ selected: ['SQLite'] }] };
    };
    const pipeline = createPipeline({ tools: [createAskTool({ askUser })] });
    const outcome = await pipeline.runTool({
      name: 'Ask',
      input: { questions: [DB] },
      toolUseId: 'E/1',
      parentId: 'E',
      source: 'ptc',
      onPermissionWait: (waiting) => waits.push(waiting ? 'waiting' : 'answered'),
    }).outcome;
    expect(outcome.status).toBe('success');
    expect(waits).toEqual(['waiting', 'asked', 'answered']);
  });

  it('aborts the host signal when the call is cancelled while the user is being asked', async () => {
    const requests: AskRequest[] = [];
    let asked: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      asked = resolve;
    });
    // The host settles only after the abort, with answers that must not reach the outcome.
    const askUser = (request: AskRequest) =>
      new Promise<AskResponse>((resolve) => {
        requests.push(request);
        request.signal.addEventListener('abort', () =>
          resolve({ status: 'submitted', answers: [{ selected: ['SQLite'] }] }),
        );
        asked();
      });
    const pipeline = createPipeline({ tools: [createAskTool({ askUser })] });
    const run = pipeline.runTool({ name: 'Ask', input: { questions: [DB] }, toolUseId: 'ask-1' });
    await waiting;
    expect(requests[0]?.signal.aborted).toBe(false);
    run.cancel();
    const outcome = await run.outcome;
    expect(requests[0]?.signal.aborted).toBe(true);
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'error',
      result: 'Error: The tool call was cancelled.',
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
