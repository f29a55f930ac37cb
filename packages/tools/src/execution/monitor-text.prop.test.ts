import { fc, test } from '@fast-check/vitest';
import type { MonitorEventRecord } from '@toolcall/exec';
import { describe, expect } from 'vitest';
import { formatMonitorRecord } from './monitor-text.js';

function unescapeBody(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

const BODY =
  /^<MONITOR execution_id="exec-1" description="[^"]*"( truncated_chars="\d+")?( omitted="\d+")?>([^<>]*)<\/MONITOR>$/s;

describe('formatMonitorRecord', () => {
  // Watched output is tool output, never an instruction: no line can close or forge a record.
  test.prop([
    fc.string(),
    fc.array(fc.string({ unit: fc.constantFrom('a', '<', '>', '&', '"', '/', 'M', '\n', ' ') }), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.nat({ max: 3 }),
  ])(
    'returns one well-formed MONITOR text per line that gives the line back',
    (description, lines, omitted) => {
      const record: MonitorEventRecord = {
        kind: 'event',
        owner: '/root',
        executionId: 'exec-1',
        description,
        lines: lines.map((text) => ({ text, truncatedChars: 0 })),
        omitted,
        wake: true,
      };
      const texts = formatMonitorRecord(record);
      const bodies = texts.map((text) => BODY.exec(text)?.[3]);
      const expected = lines.map((line, index) =>
        index === lines.length - 1 && omitted > 0
          ? `${line}\n[${omitted} more line${omitted === 1 ? '' : 's'} omitted from this batch; poll the execution with WriteStdin to read the whole output.]`
          : line,
      );
      expect(bodies.map((body) => (body === undefined ? undefined : unescapeBody(body)))).toEqual(
        expected,
      );
    },
  );
});
