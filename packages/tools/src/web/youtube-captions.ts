import { decodeEntities } from './html-entities.js';

/** One caption: its start in milliseconds and its text on one line. */
export interface Cue {
  readonly startMs: number;
  readonly text: string;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes);
  return match === null ? undefined : (match[2] ?? match[3]);
}

// Formatting a caption author wrote, which arrives escaped as text (`&lt;font …&gt;`).
const FORMATTING_TAG = /<\/?(?:font|b|i|u|em|strong|span)(?:\s[^>]*)?>/gi;

// Caption XML escapes its text once more than the markup needs (`&amp;#39;`), and wraps
// words in <s> elements: strip the element tags, decode twice, then drop formatting tags.
function xmlText(inner: string): string {
  const decoded = decodeEntities(decodeEntities(inner.replace(/<[^>]*>/g, '')));
  return oneLine(decoded.replace(FORMATTING_TAG, ''));
}

function xmlCues(xml: string, element: 'text' | 'p', start: (attributes: string) => number): Cue[] {
  const cues: Cue[] = [];
  const pattern = new RegExp(`<${element}(\\s[^>]*)?>([\\s\\S]*?)</${element}>`, 'g');
  for (const match of xml.matchAll(pattern)) {
    const startMs = start(match[1] ?? '');
    const text = xmlText(match[2] ?? '');
    if (Number.isFinite(startMs) && text !== '') cues.push({ startMs, text });
  }
  return cues;
}

interface Json3Event {
  readonly tStartMs?: unknown;
  readonly segs?: unknown;
}

function json3Cues(source: string): Cue[] {
  const parsed = JSON.parse(source) as { events?: unknown };
  if (!Array.isArray(parsed.events)) throw new Error('a json3 track without events');
  const cues: Cue[] = [];
  for (const event of parsed.events as Json3Event[]) {
    if (!Array.isArray(event?.segs)) continue;
    const text = oneLine(
      event.segs
        .map((seg: { utf8?: unknown }) => (typeof seg?.utf8 === 'string' ? seg.utf8 : ''))
        .join(''),
    );
    const startMs = Number(event.tStartMs ?? 0);
    if (Number.isFinite(startMs) && text !== '') cues.push({ startMs, text });
  }
  return cues;
}

/**
 * Parses a timedtext response in whichever format YouTube sent: json3 (`events[].segs`),
 * format 3 XML (`<timedtext><body><p t= d=>`, milliseconds) or the classic transcript XML
 * (`<transcript><text start= dur=>`, seconds). Throws naming what it received otherwise.
 */
export function parseCaptions(body: string): Cue[] {
  const text = body.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{')) return json3Cues(text);
  if (/<transcript[\s>]/.test(text)) {
    return xmlCues(text, 'text', (attributes) => Number(attribute(attributes, 'start')) * 1000);
  }
  if (/<timedtext[\s>]/.test(text)) {
    return xmlCues(text, 'p', (attributes) => Number(attribute(attributes, 't')));
  }
  throw new Error(
    text === ''
      ? 'the caption track came back empty'
      : `unrecognised caption format (starts ${JSON.stringify(text.slice(0, 40))})`,
  );
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatTimestamp(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** One line per cue: `[1:05] text`. */
export function formatTranscript(cues: readonly Cue[]): string {
  return cues.map((cue) => `[${formatTimestamp(cue.startMs)}] ${cue.text}`).join('\n');
}
