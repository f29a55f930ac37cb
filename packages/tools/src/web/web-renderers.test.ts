import { describe, expect, it } from 'vitest';
import { webFetchRenderer, webRenderers, webSearchRenderer } from './web-renderers.js';

const success = { summaryOnly: false, status: 'success' as const, id: 'toolu_1' };

describe('webFetchRenderer', () => {
  it('returns a header with both hosts, status, type and size when redirected', () => {
    const data = {
      requestedHost: 'a.test',
      finalHost: 'b.test',
      status: 200,
      contentType: 'text/html',
      bytes: 12345,
    };
    expect(
      webFetchRenderer(
        'WebFetch',
        { url: 'https://a.test/' },
        'Final URL: https://b.test/\n\n# Hi',
        data,
        success,
      ),
    ).toEqual({
      header: 'WebFetch a.test → b.test (200, text/html, 12,345 bytes)',
      bodyMode: 'markdown',
      initiallyCollapsed: true,
      body: 'Final URL: https://b.test/\n\n# Hi',
    });
  });

  it('returns a header naming a YouTube video result as such', () => {
    const data = {
      requestedHost: 'youtu.be',
      contentType: 'YouTube video',
      status: 200,
      transcript: 'captions',
    };
    const result = 'YouTube video: T\nURL: https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    expect(
      webFetchRenderer('WebFetch', { url: 'https://youtu.be/dQw4w9WgXcQ' }, result, data, success)
        ?.header,
    ).toBe('WebFetch youtu.be (200, YouTube video)');
  });

  it('returns a compact row for a REDIRECT result and defers to the generic renderer without a host', () => {
    expect(
      webFetchRenderer(
        'WebFetch',
        { url: 'https://a.test/x' },
        'REDIRECT: http://c.test/',
        null,
        success,
      ),
    ).toEqual({
      header: 'WebFetch a.test (redirect to another host)',
      expandable: false,
    });
    expect(webFetchRenderer('WebFetch', { url: 'nope' }, 'x', null, success)).toBeNull();
  });
});

describe('webSearchRenderer', () => {
  it('returns the query and the count, compact when empty', () => {
    expect(
      webSearchRenderer(
        'WebSearch',
        { query: 'rust' },
        '1. R',
        { results: 1 },
        { ...success, summaryOnly: true },
      ),
    ).toEqual({
      header: 'WebSearch "rust" (1 result)',
      initiallyCollapsed: true,
    });
    expect(
      webSearchRenderer(
        'WebSearch',
        { query: 'zz' },
        'No results found for "zz".',
        { results: 0 },
        success,
      ),
    ).toEqual({
      header: 'WebSearch "zz" (no results)',
      expandable: false,
    });
  });

  it('is registered under both tool names', () => {
    expect(webRenderers).toEqual({ WebFetch: webFetchRenderer, WebSearch: webSearchRenderer });
  });
});
