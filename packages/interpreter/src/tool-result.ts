import { fromJson } from './json.js';
import type { CallRecord } from './tool-types.js';
import { intern, list, type Value } from './values.js';

const ERROR = intern(':error');

/** A settled call: the guest value and the bytes it charges to the retained-values budget. */
export type Settled = { value: Value; size: number };

/** The guest failure value `(:error MESSAGE)`. */
export function failure(message: string): Value {
  return list([ERROR, message]);
}

function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) bytes += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : c >= 0x800 ? 0 : 1;
  }
  return bytes;
}

/** Turns a tool's raw result into the guest value and its size, updating the call's audit record. */
export function settleResult(
  raw: unknown,
  record: CallRecord,
  valueSize: number,
  keepResult: boolean,
): Settled {
  if (
    typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    typeof (raw as { error?: unknown }).error === 'string'
  ) {
    const message = (raw as { error: string }).error;
    record.status = 'error';
    record.error = message;
    return { value: failure(message), size: utf8Length(message) };
  }
  let size: number;
  try {
    size =
      typeof raw === 'string'
        ? utf8Length(raw)
        : raw === undefined
          ? 3
          : utf8Length(JSON.stringify(raw));
  } catch {
    const message = `${record.tool} returned a value that is not JSON`;
    record.status = 'error';
    record.error = message;
    return { value: failure(message), size: message.length };
  }
  if (size > valueSize) {
    const message = `${record.tool} result of ${size} bytes exceeds the value-size budget (limit ${valueSize} bytes)`;
    record.status = 'error';
    record.error = message;
    return { value: failure(message), size: message.length };
  }
  let value: Value;
  try {
    value = raw === undefined ? failure(`${record.tool} returned nothing`) : fromJson(raw);
  } catch (error) {
    const message = `${record.tool} returned an unusable result: ${(error as Error).message}`;
    record.status = 'error';
    record.error = message;
    return { value: failure(message), size: message.length };
  }
  record.status = 'success';
  // The guest holds the value; only a direct call's outcome needs the tool's own result.
  if (keepResult) record.result = raw;
  return { value, size };
}
