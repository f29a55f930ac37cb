import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createExecManager } from '@toolcall/exec';
import { projectToolCall } from '@toolcall/pipeline';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSet, type ToolSet, type ToolSetOptions } from '../tool-set.js';
import { EVENT_LEAD } from './event-text.js';
import type { ToolSetEvent } from './event-types.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let sequence = 0;

// A full-auto tool set over a fresh workspace, with a manager whose login shells print nothing.
async function makeSet(options: Partial<ToolSetOptions> = {}) {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'toolcall-events-')));
  const home = await mkdtemp(path.join(tmpdir(), 'toolcall-events-home-'));
  const exec = createExecManager({
    workspaceRoot: root,
    sandbox: 'off',
    graceMs: 300,
    hostEnvironment: { ...process.env, HOME: home },
  });
  const set = createToolSet({
    workspace: root,
    exec,
    permissions: { mode: 'full-auto' },
    ...options,
  });
  cleanups.push(async () => {
    await set.close();
    await exec.teardown();
    await rm(root, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  });
  await writeFile(path.join(root, 'a.txt'), 'alpha\n');
  const seen: ToolSetEvent[] = [];
  set.events.subscribe((event) => seen.push(event));
  const run = (name: string, input: unknown, toolUseId = `toolu_${++sequence}`) =>
    set.pipeline.runTool({ name, input, toolUseId }).outcome;
  const project = async (name: string, input: unknown, toolUseId?: string) =>
    (await set.pipeline.project(await run(name, input, toolUseId))).text;
  return { root, set, seen, run, project };
}

// Resolves once an event matching `done` has arrived.
function eventArrives(set: ToolSet, done: (event: ToolSetEvent) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = set.events.subscribe((event) => {
      if (!done(event)) return;
      stop();
      resolve();
    });
  });
}

function executionIdOf(result: unknown): string {
  const match = /execution_id="([^"]+)"/.exec(String(result));
  if (!match?.[1]) throw new Error(`no execution_id in ${String(result)}`);
  return match[1];
}

// The appended mail of a projected text: what follows the lead line.
function mailOf(text: string): string[] {
  const at = text.indexOf(EVENT_LEAD);
  return at === -1 ? [] : text.slice(at + EVENT_LEAD.length + 1).split('\n');
}

const wall = (text: string) => text.replace(/wall_time_seconds="[0-9.]+"/, 'wall_time_seconds="T"');

describe('tool set events', () => {
  it('appends Monitor lines and a background completion to the next unrelated result, once', async () => {
    const { root, set, seen, run, project } = await makeSet();
    const file = path.join(root, 'a.txt');
    const monitorEnded = eventArrives(set, (event) => event.type === 'monitor-end');
    const monitor = await run('Monitor', {
      command: "printf 'one\\ntwo <b>\\n'",
      description: 'lines',
    });
    const monitorId = executionIdOf(monitor.result);
    await monitorEnded;
    const bashEnded = eventArrives(set, (event) => event.type === 'execution-end');
    const bash = await run('Bash', {
      command: 'sleep 0.5; echo finished',
      description: 'wait',
      yield_time_ms: 250,
    });
    const bashId = executionIdOf(bash.result);
    await bashEnded;
    const first = await project('Glob', { pattern: '*.txt' });
    const second = await project('Glob', { pattern: '*.txt' });
    const expected = [
      `<MONITOR execution_id="${monitorId}" description="lines">one</MONITOR>`,
      `<MONITOR execution_id="${monitorId}" description="lines">two &lt;b&gt;</MONITOR>`,
      `<MONITOR_TERMINAL execution_id="${monitorId}" description="lines" event_count="2" termination="exited" outcome="success" exit_code="0">Monitor exited with code 0.</MONITOR_TERMINAL>`,
      `<EXECUTION execution_id="${bashId}" command="sleep 0.5; echo finished" state="completed" termination="exited" exit_code="0" outcome="success" wall_time_seconds="T" output_bytes="9">The yielded command ended. Read its unread output with WriteStdin(execution_id="${bashId}") within 60 seconds.</EXECUTION>`,
    ];
    expect({
      result: first.slice(0, first.indexOf(EVENT_LEAD)),
      mail: mailOf(first).map(wall),
      second,
      pending: set.events.pending('/root'),
      heard: seen.flatMap((event) => event.texts).map(wall),
      // A chunk split by the pipe may make two batches of the lines: the kinds are what count.
      types: [...new Set(seen.map((event) => `${event.type} ${event.owner} ${event.wake}`))],
    }).toEqual({
      result: `${file}\n\n`,
      mail: expected,
      second: file,
      pending: 0,
      heard: expected,
      types: ['monitor-lines /root true', 'monitor-end /root true', 'execution-end /root true'],
    });
  });

  it('keeps each conversation’s events to its own results', async () => {
    const owners = new Map<string, string>();
    const { root, set, run, project } = await makeSet({
      ownerOf: (context) => owners.get(context.toolUseId) ?? '/root',
    });
    owners.set('worker-1', '/root/worker');
    owners.set('worker-2', '/root/worker');
    const ended = eventArrives(set, (event) => event.type === 'execution-end');
    const bash = await run(
      'Bash',
      { command: 'sleep 0.5', description: 'worker wait', yield_time_ms: 250 },
      'worker-1',
    );
    await ended;
    const mine = await project('Glob', { pattern: '*.txt' });
    const worker = await project('Glob', { pattern: '*.txt' }, 'worker-2');
    expect([
      mine,
      mailOf(worker).length,
      mailOf(worker)[0]?.includes(executionIdOf(bash.result)),
    ]).toEqual([path.join(root, 'a.txt'), 1, true]);
  });

  it('bounds the backlog and tells the model how many earlier events it dropped', async () => {
    const { set, project } = await makeSet({ eventBacklog: { maxEvents: 3 } });
    const ended = eventArrives(set, (event) => event.type === 'monitor-end');
    await set.pipeline.runTool({
      name: 'Monitor',
      input: { command: 'seq 1 10', description: 'count' },
      toolUseId: 'm',
    }).outcome;
    await ended;
    const mail = mailOf(await project('Glob', { pattern: '*.txt' }));
    expect(mail.map((line) => line.replace(/execution_id="[^"]+" /, ''))).toEqual([
      '[… 8 earlier events dropped: each conversation keeps at most 3 events and 30000 characters; poll a Monitor with WriteStdin to read its whole output.]',
      '<MONITOR description="count">9</MONITOR>',
      '<MONITOR description="count">10</MONITOR>',
      '<MONITOR_TERMINAL description="count" event_count="10" termination="exited" outcome="success" exit_code="0">Monitor exited with code 0.</MONITOR_TERMINAL>',
    ]);
  });

  it('gives a ToolCall guest no events and its envelope’s projection all of them', async () => {
    const { root, set, run } = await makeSet();
    const file = path.join(root, 'a.txt');
    const ended = eventArrives(set, (event) => event.type === 'execution-end');
    await run('Bash', { command: 'sleep 0.5', description: 'wait', yield_time_ms: 250 });
    await ended;
    const nested: unknown[] = [];
    set.pipeline.subscribe((event) => {
      if (event.type === 'settled' && event.outcome.parentId !== undefined) {
        nested.push(event.outcome.result);
      }
    });
    const envelope = await run('ToolCall', {
      expression: '(list (Glob :pattern "*.txt") (Glob :pattern "*.txt"))',
    });
    const projected = await projectToolCall(set.pipeline, envelope);
    expect([
      nested,
      String(envelope.result).includes(EVENT_LEAD),
      projected.text.split(EVENT_LEAD).length - 1,
      mailOf(projected.text).map((line) => line.slice(0, 10)),
    ]).toEqual([[file, file], false, 1, ['<EXECUTION']]);
  });

  it('forgets a torn-down owner’s waiting events', async () => {
    const owners = new Map([['worker-1', '/root/worker']]);
    const { set, run } = await makeSet({
      ownerOf: (context) => owners.get(context.toolUseId) ?? '/root',
    });
    const ended = eventArrives(set, (event) => event.type === 'execution-end');
    await run('Bash', { command: 'sleep 0.5', description: 'w', yield_time_ms: 250 }, 'worker-1');
    await ended;
    const before = set.events.pending('/root/worker');
    await set.exec.teardownOwner('/root/worker');
    expect([before, set.events.pending('/root/worker'), set.events.take('/root/worker')]).toEqual([
      1,
      0,
      undefined,
    ]);
  });

  it('rejects a backlog bound that is not a positive integer', async () => {
    await expect(makeSet({ eventBacklog: { maxEvents: 0 } })).rejects.toThrow(
      'event backlog maxEvents must be a positive integer, received 0',
    );
  });
});
