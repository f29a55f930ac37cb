import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScriptSpan, TelemetryRecord } from '@toolcall/pipeline';
import { describe, expect, it } from 'vitest';
import { createTelemetryLog, MAX_QUEUED_LINES, recordLine, spanLine } from './telemetry-log.js';

const record = (tool: string, extra: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
  tool,
  toolUseId: 'toolu_1/1',
  parentId: 'toolu_1',
  origin: 'programmatic',
  source: 'ptc',
  outcome: 'success',
  errorCode: undefined,
  validation: 'valid',
  rules: [],
  permission: { decision: 'allow', source: 'rule', rule: 'allow rule for Read' },
  durationMs: 1.23456789,
  ...extra,
});

const span: ScriptSpan = {
  name: 'ptc-script',
  outcome: 'budget',
  budget: 'nested-calls',
  nestedCalls: 0,
  durationMs: 7,
};

const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('telemetry lines', () => {
  it('carry the type, the time and the redacted fields only', () => {
    const time = new Date('2026-01-02T03:04:05.678Z');
    const leaky = { ...record('Read'), input: { file_path: 'secret.txt' } } as TelemetryRecord;
    expect(recordLine(leaky, time)).toEqual({
      type: 'tool-call',
      time: '2026-01-02T03:04:05.678Z',
      tool: 'Read',
      toolUseId: 'toolu_1/1',
      parentId: 'toolu_1',
      origin: 'programmatic',
      source: 'ptc',
      outcome: 'success',
      errorCode: null,
      validation: 'valid',
      rules: [],
      permission: { decision: 'allow', source: 'rule', rule: 'allow rule for Read' },
      durationMs: 1.235,
    });
    // A call that ended before its permission step, and a direct call, say so with null.
    expect(
      recordLine(record('Read', { parentId: undefined, permission: undefined }), time),
    ).toMatchObject({ parentId: null, permission: null });
    expect(spanLine(span, time)).toEqual({
      type: 'ptc-script',
      time: '2026-01-02T03:04:05.678Z',
      outcome: 'budget',
      budget: 'nested-calls',
      nestedCalls: 0,
      durationMs: 7,
    });
  });
});

describe('createTelemetryLog', () => {
  it('appends every line in order, creating the file only for a first line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-log-'));
    const file = join(dir, 'telemetry.jsonl');
    const empty = createTelemetryLog(file, () => {});
    await empty.close();
    expect(existsSync(file)).toBe(false);

    const log = createTelemetryLog(file, () => {});
    for (let i = 0; i < 500; i += 1) log.record(record(`T${i}`));
    log.span(span);
    await log.close();
    log.record(record('late'));
    const lines = linesOf(file);
    expect(lines.map((line) => line.tool ?? line.type)).toEqual([
      ...Array.from({ length: 500 }, (_, i) => `T${i}`),
      'ptc-script',
    ]);
    expect(readFileSync(file, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('warns once, however often it fails, and the calls go on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-log-'));
    const file = join(dir, 'telemetry.jsonl');
    mkdirSync(file);
    const warnings: string[] = [];
    const log = createTelemetryLog(file, (message) => warnings.push(message));
    log.record(record('A'));
    await until(() => warnings.length > 0);
    // Each new line tries again, and so does close: none of them warns again.
    log.record(record('B'));
    log.span(span);
    await log.close();
    expect(warnings).toEqual([
      `the telemetry log ${file} could not be written (EISDIR); the calls go on and its lines are tried again`,
    ]);
  });

  it('keeps the lines it could not write and writes them, in order, once it can', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-log-'));
    const file = join(dir, 'telemetry.jsonl');
    mkdirSync(file);
    const warnings: string[] = [];
    const log = createTelemetryLog(file, (message) => warnings.push(message));
    log.record(record('A'));
    log.record(record('B'));
    await until(() => warnings.length > 0);
    rmSync(file, { recursive: true });
    log.record(record('C'));
    await log.close();
    expect(linesOf(file).map((line) => line.tool)).toEqual(['A', 'B', 'C']);
    expect(warnings).toHaveLength(1);
  });

  it('keeps at most MAX_QUEUED_LINES while it cannot write, the newest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-log-'));
    const file = join(dir, 'telemetry.jsonl');
    mkdirSync(file);
    let warned = false;
    const log = createTelemetryLog(file, () => {
      warned = true;
    });
    const count = MAX_QUEUED_LINES + 5;
    for (let i = 0; i < count; i += 1) log.record(record(`T${i}`));
    await until(() => warned);
    rmSync(file, { recursive: true });
    await log.close();
    const tools = linesOf(file).map((line) => line.tool);
    expect(tools).toHaveLength(MAX_QUEUED_LINES);
    expect([tools[0], tools.at(-1)]).toEqual(['T5', `T${count - 1}`]);
  });
});

/** Resolves once `check` holds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}
