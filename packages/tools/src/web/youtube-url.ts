const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const WATCH_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

// Paths whose next segment is the video ID: /shorts/ID, /embed/ID, /live/ID, /v/ID.
const ID_PATHS = new Set(['shorts', 'embed', 'live', 'v']);

function videoId(candidate: string | null | undefined): string | undefined {
  return candidate !== null && candidate !== undefined && VIDEO_ID.test(candidate)
    ? candidate
    : undefined;
}

/**
 * The video ID of a YouTube video URL (`youtube.com/watch?v=ID`, `youtu.be/ID`,
 * `m.youtube.com`, `/shorts/ID`, `/embed/ID`, `/live/ID`; other parameters ignored), or
 * undefined for any other URL, channel and playlist pages included.
 */
export function youTubeVideoId(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    return segments.length === 1 ? videoId(segments[0]) : undefined;
  }
  if (!WATCH_HOSTS.has(host)) return undefined;
  if (segments.length === 1 && segments[0] === 'watch') return videoId(url.searchParams.get('v'));
  const [kind, id] = segments;
  if (segments.length === 2 && kind !== undefined && ID_PATHS.has(kind)) return videoId(id);
  return undefined;
}

/** The public address of a video, as the result names it. */
export function watchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}
