import { fromJson } from './json.js';
import type { CallRecord } from './tool-types.js';
import { utf8Length } from './utf8.js';
import { intern, list, type Value } from './values.js';

const ERROR = intern(':error');

/**
 * A call being settled: what settling finds out about it. The call's own object holds it,
 * so a settlement allocates nothing of its own.
 */
export interface Settling {
  readonly tool: string;
  status: CallRecord['status'];
  error: string | undefined;
  /** The tool's own result, kept only when asked (a direct call). */
  result: unknown;
  /** The guest value. */
  value: Value;
  /** The bytes it charges to the retained-values budget. */
  size: number;
}

/** The guest failure value `(:error MESSAGE)`. */
export function failure(message: string): Value {
  return list([ERROR, message]);
}

/** Settles `call` as failed with `message`, charging `size` bytes. */
export function settleFailure(
  call: Settling,
  status: CallRecord['status'],
  message: string,
  size: number,
): void {
  call.status = status;
  call.error = message;
  call.value = failure(message);
  call.size = size;
}

/** Turns a tool's raw result into the call's guest value and size, with its status. */
export function settleResult(
  raw: unknown,
  call: Settling,
  valueSize: number,
  keepResult: boolean,
): void {
  // The common result, a string, is its own guest value.
  if (typeof raw === 'string') {
    const size = utf8Length(raw);
    if (size > valueSize) oversized(call, size, valueSize);
    else succeed(call, raw, size, raw, keepResult);
    return;
  }
  if (
    typeof raw === 'object' &&
    raw !== null &&
    !Array.isArray(raw) &&
    typeof (raw as { error?: unknown }).error === 'string'
  ) {
    const message = (raw as { error: string }).error;
    settleFailure(call, 'error', message, utf8Length(message));
    return;
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
    const message = `${call.tool} returned a value that is not JSON`;
    settleFailure(call, 'error', message, message.length);
    return;
  }
  if (size > valueSize) {
    oversized(call, size, valueSize);
    return;
  }
  let value: Value;
  try {
    value = raw === undefined ? failure(`${call.tool} returned nothing`) : fromJson(raw);
  } catch (error) {
    const message = `${call.tool} returned an unusable result: ${(error as Error).message}`;
    settleFailure(call, 'error', message, message.length);
    return;
  }
  succeed(call, value, size, raw, keepResult);
}

function oversized(call: Settling, size: number, valueSize: number): void {
  const message = `${call.tool} result of ${size} bytes exceeds the value-size budget (limit ${valueSize} bytes)`;
  settleFailure(call, 'error', message, message.length);
}

function succeed(
  call: Settling,
  value: Value,
  size: number,
  raw: unknown,
  keepResult: boolean,
): void {
  call.status = 'success';
  call.value = value;
  call.size = size;
  // The guest holds the value; only a direct call's outcome needs the tool's own result.
  if (keepResult) call.result = raw;
}
