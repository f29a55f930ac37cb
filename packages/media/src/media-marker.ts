import type { MediaReference } from './media-record.js';

// The marker is an HTML comment on its own line carrying the reference as JSON:
//   <!-- toolcall-media {"recordId":"<32 hex>","toolUseId":"<id>"} -->
// '<' and '>' in the JSON are escaped, so a marker never contains "-->" early.
const prefix = '<!-- toolcall-media ';
const suffix = ' -->';
const pattern = /<!-- toolcall-media (\{[^\n]*?\}) -->/g;
const recordIdPattern = /^[0-9a-f]{32}$/;

/** A marker-shaped span of text and the reference it spells (not yet validated). */
export interface MediaMarkerMatch {
  reference: MediaReference;
  /** Index of the first character of the marker. */
  start: number;
  /** Index after the marker's last character. */
  end: number;
}

/** The text with validated markers removed, and the references those markers held, in order. */
export interface ExtractedMarkers {
  text: string;
  references: MediaReference[];
}

/** Formats the marker line that stands for a reference in transcript text. */
export function formatMediaMarker({ recordId, toolUseId }: MediaReference): string {
  const json = JSON.stringify({ recordId, toolUseId })
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e');
  return `${prefix}${json}${suffix}`;
}

/** Appends one marker line per reference to a tool result's text. */
export function appendMediaMarkers(text: string, references: readonly MediaReference[]): string {
  return references.reduce((out, reference) => `${out}\n${formatMediaMarker(reference)}`, text);
}

function parseReference(json: string): MediaReference | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const { recordId, toolUseId, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return undefined;
    if (typeof recordId !== 'string' || !recordIdPattern.test(recordId)) return undefined;
    if (typeof toolUseId !== 'string' || toolUseId === '') return undefined;
    return { recordId, toolUseId };
  } catch {
    return undefined;
  }
}

/** Finds every well-formed marker in text; shape only, so ordinary text can match. */
export function findMediaMarkers(text: string): MediaMarkerMatch[] {
  const matches: MediaMarkerMatch[] = [];
  for (const match of text.matchAll(pattern)) {
    const reference = parseReference(match[1]!);
    if (reference !== undefined) {
      matches.push({ reference, start: match.index, end: match.index + match[0].length });
    }
  }
  return matches;
}

/**
 * Removes the markers `isValid` accepts (each with the newline before it), leaving
 * every other marker-shaped span exactly as it was.
 */
export function extractMediaMarkers(
  text: string,
  { isValid }: { isValid: (reference: MediaReference) => boolean },
): ExtractedMarkers {
  if (!text.includes(prefix)) return { text, references: [] };
  const references: MediaReference[] = [];
  let out = '';
  let last = 0;
  for (const { reference, start, end } of findMediaMarkers(text)) {
    if (!isValid(reference)) continue;
    const from = start > last && text[start - 1] === '\n' ? start - 1 : start;
    out += text.slice(last, from);
    last = end;
    references.push(reference);
  }
  return references.length === 0
    ? { text, references }
    : { text: out + text.slice(last), references };
}
