// Tool output may carry terminal escapes or carriage returns that would rewrite the screen; show
// them as visible control pictures instead (tab stays a tab).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const controlPattern = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

function picture(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return '\ufffd';
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const bodyControlPattern = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Replaces control characters other than tab in one line with visible symbols. */
export function sanitizeLine(line: string): string {
  return line.replace(controlPattern, picture);
}

/** Replaces control characters other than tab and newline in a body with visible symbols. */
export function sanitizeBody(body: string): string {
  return body.replace(bodyControlPattern, picture);
}
