import type { PermissionVerdict } from '@toolcall/pipeline';
import { allowanceTest, type PrivateHostAllowance } from './destination-guard.js';
import { extractPdfText, type PdfTextExtractor } from './pdf-text.js';
import { lookupAllAddresses } from './pinned-lookup.js';
import type { HostLookup } from './private-address.js';

/** Saves a fetched PDF as a session artifact and answers with its `artifact://` address. */
export type PdfArtifactSaver = (artifact: {
  readonly bytes: Uint8Array;
  readonly name: string;
  readonly mimeType: 'application/pdf';
  readonly toolUseId: string;
}) => { readonly address: string } | PromiseLike<{ readonly address: string }>;

/**
 * What a session's artifact store adds to `ArtifactStore.put` (text only) to keep bytes: a
 * file under `name` (or a free variant of it), answered with its `artifact://` address. The
 * tool set saves WebFetch's PDFs through it when the store has it.
 */
export interface ArtifactBytesStore {
  putBytes(artifact: {
    readonly bytes: Uint8Array;
    readonly name: string;
    readonly mimeType: string;
    readonly toolName: string;
    readonly toolUseId: string;
  }): { readonly address: string } | PromiseLike<{ readonly address: string }>;
}

/** A PDF saver over a store's `putBytes`, for `WebFetchOptions.saveArtifact`. */
export function pdfSaverFor(store: ArtifactBytesStore): PdfArtifactSaver {
  return (artifact) => store.putBytes({ ...artifact, toolName: 'WebFetch' });
}

/** Options of `createWebFetchTool`; every one has a production default. */
export interface WebFetchOptions {
  /** The pipeline's `decideNow`, asked about cross-host redirects; without it they are returned. */
  decideNow?: (request: { name: string; input: Record<string, unknown> }) => PermissionVerdict;
  /** Durable storage for PDFs; without it PDFs are only extracted. */
  saveArtifact?: PdfArtifactSaver;
  /** PDF text extraction (default: `pdftotext -layout` on this machine). */
  extractPdfText?: PdfTextExtractor;
  /** Whether the current model accepts an image type (default: all four). */
  acceptsMedia?: (mimeType: string) => boolean;
  /** Host name resolution (default: every address from `dns.lookup`). */
  lookup?: HostLookup;
  /**
   * The private hosts WebFetch may reach (default none): exact host names or address literals,
   * or a test of the canonical host (lower case, no brackets, no final dot). Every other host
   * that is, or resolves to, a loopback, private, link-local, metadata or other non-public
   * address is refused. A tool set derives it from its rules (`privateHostsAllowedByRules`).
   */
  allowPrivateHosts?: PrivateHostAllowance;
  /**
   * Counts loopback addresses as public (neither refused nor private for redirects); a test
   * switch for servers on 127.0.0.1, never for a session a model drives.
   */
  treatLoopbackAsPublic?: boolean;
  /** The whole retrieval's timeout, redirects and PDF extraction included (default 30,000). */
  timeoutMs?: number;
  /** At most this many redirects are followed (default 10). */
  maxRedirects?: number;
  /** Bytes kept of a text body; longer bodies are cut with the size stated (default 25 MiB). */
  maxBodyBytes?: number;
  /** Largest image attached as media (default 10 MiB). */
  maxImageBytes?: number;
  /** Largest PDF saved as an artifact (default 25 MiB); a larger one is only extracted. */
  maxPdfBytes?: number;
  /**
   * The most bytes read of one response (default 100 MiB): PDFs up to it are extracted, and
   * reading stops after it, so a longer body's size is stated as a lower bound.
   */
  maxResponseBytes?: number;
  /** The User-Agent header. */
  userAgent?: string;
  /**
   * Where YouTube videos are read from (default `https://www.youtube.com`): the watch page
   * is `BASE/watch?v=ID`. Tests point it at a loopback server.
   */
  youtubeBase?: string;
}

/** WebFetch options with every default applied. */
export interface NormalizedWebFetchOptions {
  readonly decideNow: WebFetchOptions['decideNow'];
  readonly saveArtifact: PdfArtifactSaver | undefined;
  readonly extractPdfText: PdfTextExtractor;
  readonly acceptsMedia: (mimeType: string) => boolean;
  readonly lookup: HostLookup;
  readonly allowPrivateHost: (host: string) => boolean;
  readonly treatLoopbackAsPublic: boolean;
  readonly timeoutMs: number;
  readonly maxRedirects: number;
  readonly maxBodyBytes: number;
  readonly maxImageBytes: number;
  readonly maxPdfBytes: number;
  readonly maxResponseBytes: number;
  readonly userAgent: string;
  readonly youtubeBase: URL;
}

const MIB = 1024 * 1024;

function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`WebFetch option ${name}: expected a function, received ${typeof value}`);
  }
}

function checkCount(name: string, value: unknown, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < minimum) {
    throw new TypeError(
      `WebFetch option ${name}: expected an integer ≥ ${minimum}, received ${String(value)}`,
    );
  }
  return value;
}

function checkBase(value: unknown): URL {
  if (value === undefined) return new URL('https://www.youtube.com');
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      `WebFetch option youtubeBase: expected an http(s) URL, received ${String(value)}`,
    );
  }
  return url;
}

/** Copies, checks and fills in WebFetch options once, at the entry. */
export function normalizeWebFetchOptions(options: WebFetchOptions = {}): NormalizedWebFetchOptions {
  const given: WebFetchOptions = Object.assign(Object.create(null), options);
  for (const name of [
    'decideNow',
    'saveArtifact',
    'extractPdfText',
    'acceptsMedia',
    'lookup',
  ] as const) {
    checkFunction(name, given[name]);
  }
  if (given.userAgent !== undefined && typeof given.userAgent !== 'string') {
    throw new TypeError(
      `WebFetch option userAgent: expected a string, received ${typeof given.userAgent}`,
    );
  }
  return {
    decideNow: given.decideNow,
    saveArtifact: given.saveArtifact,
    extractPdfText: given.extractPdfText ?? extractPdfText,
    acceptsMedia: given.acceptsMedia ?? (() => true),
    lookup: given.lookup ?? lookupAllAddresses,
    allowPrivateHost: allowanceTest(given.allowPrivateHosts),
    treatLoopbackAsPublic: given.treatLoopbackAsPublic === true,
    timeoutMs: checkCount('timeoutMs', given.timeoutMs, 30_000, 1),
    maxRedirects: checkCount('maxRedirects', given.maxRedirects, 10, 0),
    maxBodyBytes: checkCount('maxBodyBytes', given.maxBodyBytes, 25 * MIB, 1),
    maxImageBytes: checkCount('maxImageBytes', given.maxImageBytes, 10 * MIB, 1),
    maxPdfBytes: checkCount('maxPdfBytes', given.maxPdfBytes, 25 * MIB, 1),
    maxResponseBytes: checkCount('maxResponseBytes', given.maxResponseBytes, 100 * MIB, 1),
    userAgent: given.userAgent ?? 'toolcall-webfetch/1 (+https://github.com/toolcall)',
    youtubeBase: checkBase(given.youtubeBase),
  };
}
