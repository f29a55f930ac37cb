// A validating JSON scanner: it walks one value in a single forward pass with an explicit
// container stack and reports where the value ends, or -1 when the text is not one complete
// JSON value within the limit. It never backtracks, so a hostile payload costs linear time.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
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

function isHex(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Returns the index just past the closing quote of the string opening at `start`, or -1. */
function scanString(text: string, start: number, limit: number): number {
  let index = start + 1;
  while (index < limit) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) return index + 1;
    if (code < 0x20) return -1;
    if (code === BACKSLASH) {
      const next = text.charCodeAt(index + 1);
      if (next === 0x75) {
        for (let offset = 2; offset < 6; offset += 1) {
          if (!isHex(text.charCodeAt(index + offset))) return -1;
        }
        index += 6;
      } else if (
        next === QUOTE ||
        next === BACKSLASH ||
        next === 0x2f ||
        next === 0x62 ||
        next === 0x66 ||
        next === 0x6e ||
        next === 0x72 ||
        next === 0x74
      ) {
        index += 2;
      } else {
        return -1;
      }
    } else {
      index += 1;
    }
  }
  return -1;
}

function scanDigits(text: string, start: number, limit: number): number {
  let index = start;
  while (index < limit && isDigit(text.charCodeAt(index))) index += 1;
  return index;
}

/** Returns the index just past the number starting at `start`, or -1. */
function scanNumber(text: string, start: number, limit: number): number {
  let index = start;
  if (text.charCodeAt(index) === 0x2d) index += 1;
  const code = text.charCodeAt(index);
  if (code === 0x30) index += 1;
  else if (isDigit(code)) index = scanDigits(text, index, limit);
  else return -1;
  if (text.charCodeAt(index) === 0x2e) {
    const after = scanDigits(text, index + 1, limit);
    if (after === index + 1) return -1;
    index = after;
  }
  const exponent = text.charCodeAt(index);
  if (exponent === 0x65 || exponent === 0x45) {
    index += 1;
    const sign = text.charCodeAt(index);
    if (sign === 0x2b || sign === 0x2d) index += 1;
    const after = scanDigits(text, index, limit);
    if (after === index) return -1;
    index = after;
  }
  return index <= limit ? index : -1;
}

function scanScalar(text: string, index: number, limit: number): number {
  const code = text.charCodeAt(index);
  if (code === QUOTE) return scanString(text, index, limit);
  for (const word of ['true', 'false', 'null']) {
    if (code === word.charCodeAt(0)) {
      return text.startsWith(word, index) && index + word.length <= limit
        ? index + word.length
        : -1;
    }
  }
  return scanNumber(text, index, limit);
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
