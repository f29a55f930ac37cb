import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './base64.js';
import type { MediaPayload } from './media-record.js';
import { createMediaStore } from './media-store.js';
import { toProviderContent } from './provider-content.js';
import { replayProviderContent } from './replay-provider-content.js';
import { encodeGif, encodePng } from './testing/encoders.js';

const bytes = new Uint8Array([1, 2, 3, 250]);
const image: MediaPayload = {
  bytes,
  record: {
    recordId: 'f'.repeat(32),
    toolUseId: 't',
    source: 'WebFetch',
    mimeType: 'image/png',
    kind: 'image',
    byteLength: 1234,
    width: 64,
    height: 32,
    sha256: '0'.repeat(64),
    durable: false,
    capturedAt: '2026-01-01T00:00:00.000Z',
  },
};
const pdf: MediaPayload = {
  bytes,
  record: {
    ...image.record,
    mimeType: 'application/pdf',
    kind: 'document',
    width: undefined,
    height: undefined,
  },
};
const everything = { accepts: ['image/png', 'application/pdf'] as const };
const data = 'AQID+g==';

describe('encodeBase64', () => {
  it('encodes standard padded base64 at every remainder length', () => {
    expect(
      ['', 'f', 'fo', 'foo', 'foob'].map((text) => encodeBase64(new TextEncoder().encode(text))),
    ).toEqual(['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==']);
  });
});

describe('toProviderContent', () => {
  it('returns each provider’s native image shape', () => {
    const url = `data:image/png;base64,${data}`;
    expect({
      anthropic: toProviderContent({
        provider: 'anthropic',
        payload: image,
        capabilities: everything,
      }),
      chat: toProviderContent({
        provider: 'openai-chat',
        payload: image,
        capabilities: everything,
      }),
      responses: toProviderContent({
        provider: 'openai-responses',
        payload: image,
        capabilities: everything,
      }),
      gemini: toProviderContent({ provider: 'gemini', payload: image, capabilities: everything }),
      mcp: toProviderContent({ provider: 'mcp', payload: image, capabilities: everything }),
    }).toEqual({
      anthropic: { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
      chat: { type: 'image_url', image_url: { url } },
      responses: { type: 'input_image', image_url: url, detail: 'auto' },
      gemini: { inlineData: { mimeType: 'image/png', data } },
      mcp: { type: 'image', data, mimeType: 'image/png' },
    });
  });

  it('returns each provider’s native document shape for a PDF', () => {
    const url = `data:application/pdf;base64,${data}`;
    const filename = `${'f'.repeat(32)}.pdf`;
    expect({
      anthropic: toProviderContent({
        provider: 'anthropic',
        payload: pdf,
        capabilities: everything,
      }),
      chat: toProviderContent({ provider: 'openai-chat', payload: pdf, capabilities: everything }),
      responses: toProviderContent({
        provider: 'openai-responses',
        payload: pdf,
        capabilities: everything,
      }),
      gemini: toProviderContent({ provider: 'gemini', payload: pdf, capabilities: everything }),
      mcp: toProviderContent({ provider: 'mcp', payload: pdf, capabilities: everything }),
    }).toEqual({
      anthropic: {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data },
      },
      chat: { type: 'file', file: { filename, file_data: url } },
      responses: { type: 'input_file', filename, file_data: url },
      gemini: { inlineData: { mimeType: 'application/pdf', data } },
      mcp: {
        type: 'resource',
        resource: { uri: `media://${'f'.repeat(32)}`, mimeType: 'application/pdf', blob: data },
      },
    });
  });

  it('falls back to a text summary in the provider’s shape when the type is not accepted', () => {
    const text =
      '[Media not attached: image/png 64x32, 1,234 bytes; the model does not accept image/png]';
    const capabilities = { accepts: ['application/pdf'] as const };
    expect([
      toProviderContent({ provider: 'anthropic', payload: image, capabilities }),
      toProviderContent({ provider: 'openai-responses', payload: image, capabilities }),
      toProviderContent({ provider: 'gemini', payload: image, capabilities }),
    ]).toEqual([{ type: 'text', text }, { type: 'input_text', text }, { text }]);
  });

  it('falls back to a text summary when the payload exceeds the model’s size limit', () => {
    expect(
      toProviderContent({
        provider: 'mcp',
        payload: pdf,
        capabilities: { ...everything, maxBytes: 1000 },
      }),
    ).toEqual({
      type: 'text',
      text: "[Media not attached: application/pdf document, 1,234 bytes; it exceeds the model's 1,000-byte limit]",
    });
  });

  it('throws a TypeError naming provider when it is unknown', () => {
    expect(() =>
      toProviderContent({ provider: 'bard' as never, payload: image, capabilities: everything }),
    ).toThrow(
      'provider must be one of anthropic, openai-chat, openai-responses, gemini, mcp, received bard',
    );
  });
});

describe('replayProviderContent', () => {
  it('replays a record natively, says when it is gone, and fails an unknown reference', async () => {
    const store = createMediaStore({ cacheMaxBytes: 0 });
    const png = encodePng(2, 2);
    const first = await store.capture({ bytes: png, toolUseId: 't', source: 's' });
    const second = await store.capture({ bytes: encodeGif(3, 3), toolUseId: 't', source: 's' });
    if (!first.success || !second.success) throw new Error('capture failed');
    const options = {
      store,
      provider: 'gemini' as const,
      capabilities: { accepts: ['image/gif' as const] },
    };
    const unknown = await replayProviderContent({
      ...options,
      reference: { ...first.value, toolUseId: 'x' },
    });
    expect([
      await replayProviderContent({ ...options, reference: second.value }),
      await replayProviderContent({ ...options, reference: first.value }),
      unknown.success || unknown.error.code,
    ]).toEqual([
      { success: true, value: { inlineData: { mimeType: 'image/gif', data: expect.any(String) } } },
      {
        success: true,
        value: {
          text: `[Media not attached: image/png 2x2, ${png.length} bytes; it is no longer available]`,
        },
      },
      'not-found',
    ]);
  });
});
