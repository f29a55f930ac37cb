import { encodeBase64 } from './base64.js';
import type { MediaPayload, MediaRecord } from './media-record.js';
import { extensionForMimeType, type MediaMimeType } from './media-types.js';
import { describeUndeliveredMedia } from './summarize-media.js';

/** The provider APIs whose native media shapes this package produces. */
export type MediaProvider = 'anthropic' | 'openai-chat' | 'openai-responses' | 'gemini' | 'mcp';

/** What the target model accepts; media outside it becomes a text summary. */
export interface MediaCapabilities {
  /** Media types the model takes as input. */
  accepts: readonly MediaMimeType[];
  /** Largest payload, in bytes, the model takes natively (no limit when absent). */
  maxBytes?: number;
}

/** Anthropic Messages content blocks (valid inside `tool_result.content`). */
export type AnthropicContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: MediaMimeType; data: string } }
  | { type: 'document'; source: { type: 'base64'; media_type: 'application/pdf'; data: string } };

/** OpenAI Chat Completions user-message content parts. */
export type OpenAIChatContent =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'file'; file: { filename: string; file_data: string } };

/** OpenAI Responses input content parts. */
export type OpenAIResponsesContent =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string; detail: 'auto' }
  | { type: 'input_file'; filename: string; file_data: string };

/** Gemini `Part`s. */
export type GeminiContent =
  | { text: string }
  | { inlineData: { mimeType: MediaMimeType; data: string } };

/** MCP tool-result content: `image`, an embedded `resource` for documents, or `text`. */
export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: MediaMimeType }
  | { type: 'resource'; resource: { uri: string; mimeType: MediaMimeType; blob: string } };

/** The content part type each provider receives. */
export interface ProviderContentMap {
  anthropic: AnthropicContent;
  'openai-chat': OpenAIChatContent;
  'openai-responses': OpenAIResponsesContent;
  gemini: GeminiContent;
  mcp: McpContent;
}

const textPart: { [P in MediaProvider]: (text: string) => ProviderContentMap[P] } = {
  anthropic: (text) => ({ type: 'text', text }),
  'openai-chat': (text) => ({ type: 'text', text }),
  'openai-responses': (text) => ({ type: 'input_text', text }),
  gemini: (text) => ({ text }),
  mcp: (text) => ({ type: 'text', text }),
};

function requireProvider(provider: unknown): void {
  if (typeof provider !== 'string' || !Object.hasOwn(textPart, provider)) {
    throw new TypeError(
      `provider must be one of ${Object.keys(textPart).join(', ')}, received ${String(provider)}`,
    );
  }
}

/** Wraps text as a content part of the provider's shape. */
export function providerTextContent<P extends MediaProvider>(
  provider: P,
  text: string,
): ProviderContentMap[P] {
  requireProvider(provider);
  return (textPart[provider] as (text: string) => ProviderContentMap[P])(text);
}

function nativePart(provider: MediaProvider, record: MediaRecord, data: string) {
  const { mimeType, recordId } = record;
  const dataUrl = `data:${mimeType};base64,${data}`;
  const filename = `${recordId}.${extensionForMimeType(mimeType)}`;
  const image = mimeType !== 'application/pdf';
  switch (provider) {
    case 'anthropic':
      return image
        ? { type: 'image', source: { type: 'base64', media_type: mimeType, data } }
        : { type: 'document', source: { type: 'base64', media_type: mimeType, data } };
    case 'openai-chat':
      return image
        ? { type: 'image_url', image_url: { url: dataUrl } }
        : { type: 'file', file: { filename, file_data: dataUrl } };
    case 'openai-responses':
      return image
        ? { type: 'input_image', image_url: dataUrl, detail: 'auto' }
        : { type: 'input_file', filename, file_data: dataUrl };
    case 'gemini':
      return { inlineData: { mimeType, data } };
    case 'mcp':
      return image
        ? { type: 'image', data, mimeType }
        : { type: 'resource', resource: { uri: `media://${recordId}`, mimeType, blob: data } };
  }
}

/** Options for toProviderContent. */
export interface ProviderContentOptions<P extends MediaProvider> {
  provider: P;
  /** A record and its bytes, as `store.read` returns them. */
  payload: MediaPayload;
  capabilities: MediaCapabilities;
}

/**
 * Converts replayed media into one content part in the provider's native shape,
 * or a text summary part when the model does not accept the type or size.
 */
export function toProviderContent<P extends MediaProvider>({
  provider,
  payload: { record, bytes },
  capabilities,
}: ProviderContentOptions<P>): ProviderContentMap[P] {
  requireProvider(provider);
  const text = (summary: string) => providerTextContent(provider, summary);
  if (!capabilities.accepts.includes(record.mimeType)) {
    return text(describeUndeliveredMedia(record, `the model does not accept ${record.mimeType}`));
  }
  if (capabilities.maxBytes !== undefined && record.byteLength > capabilities.maxBytes) {
    return text(
      describeUndeliveredMedia(
        record,
        `it exceeds the model's ${capabilities.maxBytes.toLocaleString('en-US')}-byte limit`,
      ),
    );
  }
  return nativePart(provider, record, encodeBase64(bytes)) as ProviderContentMap[P];
}
