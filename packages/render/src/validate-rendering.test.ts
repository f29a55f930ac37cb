import { describe, expect, it } from 'vitest';
import { validateRendering } from './validate-rendering.js';

describe('validateRendering', () => {
  it('returns a copy holding only the rendering fields when the object is well formed', () => {
    const input = {
      header: 'Grep foo',
      body: 'a\nb',
      previewBody: 'a',
      bodyMode: 'grep',
      status: 'warning',
      expandable: true,
      hidden: false,
      coalesceKey: 'k',
      initiallyCollapsed: false,
      childCalls: [{ id: 'T/1', tool: 'Read', args: { file_path: 'x' }, result: 'r', batch: 'b' }],
    };
    const result = validateRendering(input);
    expect(result).toEqual({ success: true, value: input });
    expect(result.success && result.value).not.toBe(input);
  });

  it('accepts a header-only rendering', () => {
    expect(validateRendering({ header: '' })).toEqual({ success: true, value: { header: '' } });
  });

  it('returns an invalid-rendering error listing every problem when fields are wrong', () => {
    const result = validateRendering({
      header: 3,
      status: 'ok',
      bodyMode: 'Diff Mode',
      expandable: 'yes',
      extra: 1,
      childCalls: [{ id: '', tool: 'Read', status: 'done' }, 'x'],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect({ code: result.error.code, message: result.error.message }).toEqual({
      code: 'invalid-rendering',
      message:
        'Invalid rendering: extra is not a rendering field; header must be a string; bodyMode must be a lowercase mode name; status must be one of success, error, warning, running, cancelled, denied, interrupted; expandable must be a boolean; childCalls[0].id must be a non-empty string; childCalls[0].status must be a render status; childCalls[1] must be a plain object',
    });
  });

  it('rejects values that are not plain objects', () => {
    for (const value of [null, 'header', [], new Map()]) {
      const result = validateRendering(value);
      expect(result.success ? null : result.error.message).toBe(
        'A rendering must be a plain object',
      );
    }
  });
});
