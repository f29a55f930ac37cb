import { PassThrough } from 'node:stream';
import { createPipeline } from '@toolcall/pipeline';
import { createAskTool } from '@toolcall/tools';
import { describe, expect, it } from 'vitest';
import { createConnection } from './connection.js';
import { createEmacsPorts } from './emacs-ports.js';

/** The bridge's side of a real connection, with Emacs's side driven by the test. */
function emacsPeer() {
  const input = new PassThrough();
  const output = new PassThrough();
  const requests: { id: string; method: string }[] = [];
  const waiting: ((request: { id: string; method: string }) => void)[] = [];
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const message = JSON.parse(line) as { id: string; method: string };
      requests.push(message);
      waiting.shift()?.(message);
    }
  });
  const connection = createConnection({ input, output, onMessage: () => {} });
  const nextRequest = () =>
    new Promise<{ id: string; method: string }>((resolve) => {
      const queued = requests.shift();
      if (queued !== undefined) resolve(queued);
      else waiting.push(resolve);
    });
  const reply = (message: Record<string, unknown>) =>
    input.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  return { input, connection, nextRequest, reply };
}

/** Runs one Ask call through the Emacs ports; `answer` plays Emacs once the request is sent. */
async function askThroughEmacs(answer: (peer: ReturnType<typeof emacsPeer>, id: string) => void) {
  const peer = emacsPeer();
  const ask = createAskTool({ askUser: createEmacsPorts(peer.connection).askUser });
  const pipeline = createPipeline({ tools: [ask] });
  const run = pipeline.runTool({
    name: 'Ask',
    input: { questions: [{ question: 'Which colour?', options: [{ label: 'red' }] }] },
    toolUseId: 'ask-1',
  });
  const request = await peer.nextRequest();
  expect(request.method).toBe('ask/questions');
  answer(peer, request.id);
  const outcome = await run.outcome;
  return { status: outcome.status, result: outcome.result };
}

describe('createEmacsPorts askUser', () => {
  it('cancels the Emacs request when the call is cancelled while Emacs asks', async () => {
    const peer = emacsPeer();
    const ask = createAskTool({ askUser: createEmacsPorts(peer.connection).askUser });
    const run = createPipeline({ tools: [ask] }).runTool({
      name: 'Ask',
      input: { questions: [{ question: 'Which colour?', options: [{ label: 'red' }] }] },
      toolUseId: 'ask-1',
    });
    const request = await peer.nextRequest();
    run.cancel();
    const outcome = await run.outcome;
    expect({ status: outcome.status, result: outcome.result }).toEqual({
      status: 'error',
      result: 'Error: The tool call was cancelled.',
    });
    expect(await peer.nextRequest()).toMatchObject({
      method: '$/cancelRequest',
      params: { id: request.id },
    });
  });

  it('returns the answers Emacs submits', async () => {
    const outcome = await askThroughEmacs((peer, id) =>
      peer.reply({ id, result: { status: 'submitted', answers: [{ selected: ['red'] }] } }),
    );
    expect(outcome).toEqual({
      status: 'success',
      result: 'The user answered the questionnaire:\n\n1. Which colour?\n   Answer: red',
    });
  });

  it('reports a cancel only when Emacs says the user cancelled', async () => {
    const outcome = await askThroughEmacs((peer, id) =>
      peer.reply({ id, result: { status: 'cancelled' } }),
    );
    expect(outcome).toEqual({
      status: 'error',
      result: 'Error: The user cancelled the questionnaire.',
    });
  });

  it('fails the call, not as a cancel, when the connection closes before Emacs answers', async () => {
    const outcome = await askThroughEmacs((peer) => peer.input.end());
    expect(outcome).toEqual({
      status: 'error',
      result: 'Error: the questionnaire could not be shown: Connection closed',
    });
  });

  it('fails the call, not as a cancel, when Emacs answers with an error', async () => {
    const outcome = await askThroughEmacs((peer, id) =>
      peer.reply({ id, error: { code: -32603, message: 'Wrong type argument: listp, 3' } }),
    );
    expect(outcome).toEqual({
      status: 'error',
      result: 'Error: the questionnaire could not be shown: Wrong type argument: listp, 3',
    });
  });

  it('fails the call, not as a cancel, when Emacs replies with a malformed answer', async () => {
    const outcome = await askThroughEmacs((peer, id) =>
      peer.reply({ id, result: { status: 'maybe' } }),
    );
    expect(outcome).toEqual({
      status: 'error',
      result:
        'Error: the questionnaire could not be shown: Emacs replied (root): Invalid input, ' +
        'expected {status: "submitted", answers} or {status: "cancelled"}',
    });
  });
});
