import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  appendMediaMarkers,
  extractMediaMarkers,
  findMediaMarkers,
  formatMediaMarker,
} from './media-marker.js';
import { createMediaStore } from './media-store.js';
import { encodePng } from './testing/encoders.js';

const reference = { recordId: 'a'.repeat(32), toolUseId: 'toolu_1' };

describe('formatMediaMarker', () => {
  it('writes the reference as JSON inside an HTML comment, escaping angle brackets', () => {
    expect([
      formatMediaMarker(reference),
      formatMediaMarker({ recordId: reference.recordId, toolUseId: 'a-->b<c' }),
    ]).toEqual([
      `<!-- toolcall-media {"recordId":"${'a'.repeat(32)}","toolUseId":"toolu_1"} -->`,
      `<!-- toolcall-media {"recordId":"${'a'.repeat(32)}","toolUseId":"a--\\u003eb\\u003cc"} -->`,
    ]);
  });
});

describe('findMediaMarkers', () => {
  it('finds well-formed markers and skips malformed look-alikes', () => {
    const text = [
      'before',
      formatMediaMarker(reference),
      '<!-- toolcall-media {"recordId":"nothex","toolUseId":"x"} -->',
      `<!-- toolcall-media {"recordId":"${'b'.repeat(32)}","toolUseId":"x","extra":1} -->`,
      '<!-- toolcall-media not json -->',
    ].join('\n');
    expect(findMediaMarkers(text).map((match) => match.reference)).toEqual([reference]);
  });
});

describe('extractMediaMarkers', () => {
  it('removes only the markers the validator accepts, with their leading newline', () => {
    const other = { recordId: 'c'.repeat(32), toolUseId: 'toolu_2' };
    const text = appendMediaMarkers('result', [reference, other]);
    expect(
      extractMediaMarkers(text, {
        isValid: (candidate) => candidate.recordId === reference.recordId,
      }),
    ).toEqual({ text: `result\n${formatMediaMarker(other)}`, references: [reference] });
  });
});

describe('MediaStore.stripMarkers', () => {
  it('strips its own validated markers but leaves marker-shaped text from a file untouched', async () => {
    const store = createMediaStore();
    const captured = await store.capture({
      bytes: encodePng(2, 2),
      toolUseId: 'toolu_read',
      source: 'Read',
    });
    if (!captured.success) throw captured.error;
    const fileContent = `1\t${formatMediaMarker({ recordId: 'd'.repeat(32), toolUseId: 'toolu_read' })}`;
    const copied = formatMediaMarker({
      recordId: captured.value.recordId,
      toolUseId: 'toolu_other',
    });
    const text = appendMediaMarkers(`${fileContent}\n${copied}`, [captured.value]);
    expect([
      store.stripMarkers(text),
      store.stripMarkers(text, { toolUseId: 'toolu_other' }),
      store.extractMarkers(text, { toolUseId: 'toolu_read' }).references,
    ]).toEqual([`${fileContent}\n${copied}`, text, [captured.value]]);
  });
});

describe('marker properties', () => {
  const references = fc.array(
    fc.record({
      recordId: fc.stringMatching(/^[0-9a-f]{32}$/),
      toolUseId: fc.string({ minLength: 1, maxLength: 12 }),
    }),
    { maxLength: 4 },
  );

  test.prop([fc.string(), references])(
    'strip(append(text, refs)) returns text and refs',
    (text, refs) => {
      const known = new Set(refs.map((candidate) => candidate.recordId));
      const extracted = extractMediaMarkers(appendMediaMarkers(text, refs), {
        isValid: (candidate) => known.has(candidate.recordId),
      });
      // Markers already inside `text` are ordinary text unless they name a known record.
      if (findMediaMarkers(text).some((match) => known.has(match.reference.recordId))) return;
      expect(extracted).toEqual({ text, references: refs });
    },
  );

  test.prop([fc.string()])('leaves text unchanged when no marker validates', (text) => {
    expect(extractMediaMarkers(text, { isValid: () => false })).toEqual({ text, references: [] });
  });
});
