// Node's Buffer is much faster when present; btoa covers every other runtime.
type BufferLike = {
  from(data: ArrayBuffer, offset: number, length: number): { toString(encoding: 'base64'): string };
};
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

// A multiple of 3, so each chunk encodes without padding and chunks concatenate.
const chunkSize = 3 * 8192;

/** Encodes bytes as standard, padded base64. */
export function encodeBase64(bytes: Uint8Array): string {
  if (NodeBuffer !== undefined) {
    return NodeBuffer.from(
      bytes.buffer as ArrayBuffer,
      bytes.byteOffset,
      bytes.byteLength,
    ).toString('base64');
  }
  let out = '';
  for (let start = 0; start < bytes.length; start += chunkSize) {
    out += btoa(String.fromCharCode(...bytes.subarray(start, start + chunkSize)));
  }
  return out;
}
