// A validating JSON scanner: it walks one value in a single forward pass with an explicit
// container stack and reports where the value ends, or -1 when the text is not one complete
// JSON value within the limit. It never backtracks, so a hostile payload costs linear time.

import { scanScalar, scanString } from './scan-json-tokens.js';

const QUOTE = 0x22;
enum State {
  Value = 0,
  ValueOrEnd = 1,
  KeyOrEnd = 2,
  Key = 3,
  Colon = 4,
  AfterValue = 5,
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * Scans one JSON value starting at `start` and returns the index just past it, or -1 when the
 * text there is not a complete value ending before `limit` or nests deeper than `maxDepth`.
 */
export function scanJsonValue(text: string, start: number, limit: number, maxDepth = 512): number {
  const end = Math.min(limit, text.length);
  const stack: number[] = [];
  let state: State = State.Value;
  let index = start;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (isWhitespace(code)) {
      index += 1;
      continue;
    }
    switch (state) {
      case State.Value:
      case State.ValueOrEnd:
      case State.KeyOrEnd: {
        if (state === State.KeyOrEnd || state === State.ValueOrEnd) {
          if (code === (state === State.KeyOrEnd ? 0x7d : 0x5d)) {
            stack.pop();
            index += 1;
            state = State.AfterValue;
            break;
          }
        }
        if (state === State.KeyOrEnd) {
          if (code !== QUOTE) return -1;
          index = scanString(text, index, end);
          state = State.Colon;
        } else if (code === 0x7b || code === 0x5b) {
          if (stack.length >= maxDepth) return -1;
          stack.push(code);
          index += 1;
          state = code === 0x7b ? State.KeyOrEnd : State.ValueOrEnd;
          continue;
        } else {
          index = scanScalar(text, index, end);
          state = State.AfterValue;
        }
        if (index === -1) return -1;
        break;
      }
      case State.Key:
        if (code !== QUOTE) return -1;
        index = scanString(text, index, end);
        if (index === -1) return -1;
        state = State.Colon;
        break;
      case State.Colon:
        if (code !== 0x3a) return -1;
        index += 1;
        state = State.Value;
        break;
      case State.AfterValue: {
        const top = stack[stack.length - 1];
        if (top === undefined) return -1;
        if (code === 0x2c) {
          index += 1;
          state = top === 0x7b ? State.Key : State.Value;
        } else if (code === (top === 0x7b ? 0x7d : 0x5d)) {
          stack.pop();
          index += 1;
          state = State.AfterValue;
        } else {
          return -1;
        }
        break;
      }
    }
    if (state === State.AfterValue && stack.length === 0) return index;
  }
  return -1;
}
