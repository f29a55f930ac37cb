const SUMMARY_LIMIT = 160;

/** The first sentence of `description`, at most 160 characters, as the default summary. */
export function summarize(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  const match = /^(.*?[.!?])(?=\s|$)/.exec(text);
  const sentence = match?.[1] ?? text;
  if (sentence.length <= SUMMARY_LIMIT) return sentence;
  const cut = sentence.slice(0, SUMMARY_LIMIT - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_LIMIT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
