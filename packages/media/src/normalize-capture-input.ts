/** What to capture: bytes or a path (exactly one), the owning tool use and a provenance label. */
export interface CaptureInput {
  bytes?: Uint8Array;
  path?: string;
  /** The type the producer claims; with `path` and no type, the extension's type is the claim. */
  mimeType?: string;
  toolUseId: string;
  source: string;
}

/** Capture input after the entry checks. */
export type NormalizedCaptureInput =
  | { bytes: Uint8Array; path?: undefined; mimeType?: string; toolUseId: string; source: string }
  | { bytes?: undefined; path: string; mimeType?: string; toolUseId: string; source: string };

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** Checks capture input once at the entry, throwing a TypeError naming the bad field. */
export function normalizeCaptureInput(input: CaptureInput): NormalizedCaptureInput {
  if (typeof input !== 'object' || input === null) {
    throw new TypeError(`capture input must be an object, received ${describe(input)}`);
  }
  const { bytes, path, mimeType, toolUseId, source } = input;
  if ((bytes === undefined) === (path === undefined)) {
    throw new TypeError('capture input must have exactly one of bytes or path');
  }
  if (bytes !== undefined && !(bytes instanceof Uint8Array)) {
    throw new TypeError(`capture input bytes must be a Uint8Array, received ${describe(bytes)}`);
  }
  if (path !== undefined && (typeof path !== 'string' || path === '')) {
    throw new TypeError(
      `capture input path must be a non-empty string, received ${describe(path)}`,
    );
  }
  if (mimeType !== undefined && typeof mimeType !== 'string') {
    throw new TypeError(`capture input mimeType must be a string, received ${describe(mimeType)}`);
  }
  if (typeof toolUseId !== 'string' || toolUseId === '') {
    throw new TypeError(
      `capture input toolUseId must be a non-empty string, received ${describe(toolUseId)}`,
    );
  }
  if (typeof source !== 'string') {
    throw new TypeError(`capture input source must be a string, received ${describe(source)}`);
  }
  const normalized = Object.assign(Object.create(null), { toolUseId, source });
  if (mimeType !== undefined) normalized.mimeType = mimeType;
  if (bytes !== undefined) normalized.bytes = bytes;
  else normalized.path = path;
  return normalized;
}
