import { describe, expect, it } from 'vitest';
import { extractRenderData, findRenderDataBlocks, scrubRenderData } from './decode.js';
import { appendRenderData, encodeRenderData, replaceRenderData } from './encode.js';
import { validateRenderData } from './validate-render-data.js';

function encode(id: string, data: Record<string, unknown>): string {
  const result = encodeRenderData(id, data as never);
  if (!result.success) throw result.error;
  return result.value;
}

describe('encodeRenderData', () => {
  it('writes the owner id, the JSON object with angle brackets escaped, and the closing marker', () => {
    expect(encodeRenderData('toolu_1', { note: '<b>', n: 2 })).toEqual({
      success: true,
      value:
        '<!-- toolcall-render-data id="toolu_1" -->\n{"note":"\\u003cb\\u003e","n":2}\n<!-- /toolcall-render-data -->',
    });
  });

  it('returns invalid-render-data when the data is not a JSON object', () => {
    const cases: unknown[] = [
      [1],
      'x',
      null,
      { f: () => 1 },
      { n: Number.NaN },
      { d: new Date(0) },
      { u: undefined },
    ];
    expect(
      cases.map((data) => {
        const result = encodeRenderData('id', data as never);
        return result.success ? 'ok' : `${result.error.code}: ${result.error.message}`;
      }),
    ).toEqual([
      'invalid-render-data: Render data must be a plain JSON object',
      'invalid-render-data: Render data must be a plain JSON object',
      'invalid-render-data: Render data must be a plain JSON object',
      'invalid-render-data: renderData.f is not a JSON value',
      'invalid-render-data: renderData.n is not a JSON value',
      'invalid-render-data: renderData.d is not a JSON value',
      'invalid-render-data: renderData.u is not a JSON value',
    ]);
  });

  it('encodes -0 as 0 (regression: fast-check seed -1063224971)', () => {
    const encoded = appendRenderData('', 'a', { '': { '': -0 } });
    expect(encoded.success && extractRenderData(encoded.value, 'a')).toEqual({
      text: '',
      data: { '': { '': 0 } },
    });
  });

  it('returns invalid-render-data for cycles and oversized payloads', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cycle = encodeRenderData('id', cyclic as never);
    const big = encodeRenderData('id', { s: 'x'.repeat(100) }, { maxPayloadChars: 50 });
    expect([cycle.success || cycle.error.message, big.success || big.error.message]).toEqual([
      'renderData.self is not a JSON value',
      'Render data is 108 characters of JSON, over the 50 limit',
    ]);
  });

  it('throws a TypeError for an id that cannot own a block', () => {
    expect(() => encodeRenderData('a b', {})).toThrow(TypeError);
    expect(() => encodeRenderData('', {})).toThrow(TypeError);
    expect(() => encodeRenderData('x"y', {})).toThrow(TypeError);
  });
});

describe('extractRenderData', () => {
  it('takes the owner’s block and the newline that joined it back out', () => {
    const appended = appendRenderData('line 1\nline 2', 'toolu_1', { exit: 0 });
    expect(appended.success && extractRenderData(appended.value, 'toolu_1')).toEqual({
      text: 'line 1\nline 2',
      data: { exit: 0 },
    });
  });

  it('leaves blocks of other owners and text without blocks untouched', () => {
    const text = `before ${encode('other', { a: 1 })} after`;
    expect(extractRenderData(text, 'toolu_1')).toEqual({ text, data: null });
    expect(extractRenderData('plain', 'toolu_1')).toEqual({ text: 'plain', data: null });
  });

  it('keeps marker-shaped text without a valid payload literal', () => {
    const open = '<!-- toolcall-render-data id="t" -->';
    const close = '<!-- /toolcall-render-data -->';
    const cases = [
      `${open}[1, 2]${close}`,
      `${open}{"a": 1} extra ${close}`,
      `${open}{"a": 1}{"b": 2}${close}`,
      `${open}{"a": 01}${close}`,
      `${open}{"a": "raw\nnewline"}${close}`,
      `${open}{"a": 1}`,
      `${open}{"a": 1`,
      `<!-- toolcall-render-data id="" -->{}${close}`,
      `<!-- toolcall-render-data id='t' -->{}${close}`,
      `<!--  toolcall-render-data id="t" -->{}${close}`,
      `${open}{"a": tru}${close}`,
    ];
    for (const text of cases) expect(extractRenderData(text, 't')).toEqual({ text, data: null });
  });

  it('treats marker-shaped strings inside a valid payload as payload data', () => {
    const inner = encode('t', { inner: true });
    const text = `out<!-- toolcall-render-data id="t" -->{"s": ${JSON.stringify(inner)}}<!-- /toolcall-render-data -->`;
    expect(extractRenderData(text, 't')).toEqual({ text: 'out', data: { s: inner } });
  });

  it('finds a valid block after a broken one and returns the last owned payload', () => {
    const broken = '<!-- toolcall-render-data id="t" -->{"a":';
    const text = `${broken}${encode('t', { n: 1 })} mid ${encode('t', { n: 2 })}`;
    expect(extractRenderData(text, 't')).toEqual({ text: `${broken} mid `, data: { n: 2 } });
  });

  it('reads one JSON object with whitespace around it', () => {
    const text =
      '<!-- toolcall-render-data id="t" -->  \n\t{ "a" : [ 1 , -2.5e3 , true , null , "\\u00e9\\n" ] }\r\n <!-- /toolcall-render-data -->';
    expect(extractRenderData(text, 't')).toEqual({
      text: '',
      data: { a: [1, -2500, true, null, 'é\n'] },
    });
  });

  it('keeps an over-limit payload literal', () => {
    const text = encode('t', { s: 'x'.repeat(40) });
    expect(extractRenderData(text, 't', { maxPayloadChars: 10 })).toEqual({ text, data: null });
  });

  it('decodes a large payload behind many broken openers', () => {
    const payload = {
      lines: Array.from(
        { length: 10_000 },
        (_, i) => `line ${i} <!-- toolcall-render-data id="t" -->`,
      ),
    };
    const hostile = '<!-- toolcall-render-data id="t" -->{"a":"'.repeat(20_000);
    const text = `${hostile}\n${encode('t', payload)}`;
    expect(extractRenderData(text, 't')).toEqual({ text: hostile, data: payload });
  });
});

describe('scrubRenderData', () => {
  it('removes only the owner’s blocks', () => {
    const mine = encode('toolu_1', { a: 1 });
    const theirs = encode('toolu_2', { b: 2 });
    expect(scrubRenderData(`x ${mine} y ${theirs} z`, 'toolu_1')).toBe(`x  y ${theirs} z`);
  });
});

describe('findRenderDataBlocks', () => {
  it('reports every valid block with its owner and span', () => {
    const block = encode('a/1', { k: 'v' });
    expect(findRenderDataBlocks(`ab${block}`)).toEqual([
      { id: 'a/1', data: { k: 'v' }, start: 2, end: 2 + block.length },
    ]);
  });
});

describe('replaceRenderData', () => {
  it('swaps the owner’s block for a new one and leaves other blocks alone', () => {
    const theirs = encode('other', { b: 2 });
    const first = appendRenderData(`out ${theirs}`, 't', { state: 'running' });
    if (!first.success) throw first.error;
    const second = replaceRenderData(first.value, 't', { state: 'done' });
    expect(second).toEqual({
      success: true,
      value: `out ${theirs}\n${encode('t', { state: 'done' })}`,
    });
    expect(second.success && extractRenderData(second.value, 't')).toEqual({
      text: `out ${theirs}`,
      data: { state: 'done' },
    });
  });
});

describe('validateRenderData', () => {
  it('returns the data when it is a small JSON object and an error naming the problem otherwise', () => {
    const data = { matches: 3, files: ['a'] };
    const big = validateRenderData(
      { copy: 'x'.repeat(100) },
      { maxPayloadChars: 64, callId: 'toolu_9' },
    );
    expect([
      validateRenderData(data),
      big.success || [big.error.code, big.error.message, big.error.callId],
      validateRenderData([1]).success,
    ]).toEqual([
      { success: true, value: data },
      [
        'invalid-render-data',
        'Render data is 111 characters of JSON, over the 64 limit',
        'toolu_9',
      ],
      false,
    ]);
  });
});
