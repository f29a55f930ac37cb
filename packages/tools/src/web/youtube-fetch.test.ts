import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from './testing/call-tool.js';
import { type LoopbackServer, startLoopbackServer } from './testing/loopback-server.js';
import {
  type CueSpec,
  captchaPage,
  consentPage,
  transcriptJson3,
  transcriptXml,
  type VideoSpec,
  watchPage,
  watchPageWithoutPlayer,
} from './testing/youtube-pages.js';
import type { WebFetchOptions } from './web-fetch-options.js';
import { createWebFetchTool } from './web-fetch-tool.js';

let server: LoopbackServer;
const held: ServerResponse[] = [];

const CUES: readonly CueSpec[] = [
  { start: 0.4, duration: 3.1, text: "We're no strangers to love" },
  { start: 3.5, duration: 4, text: 'You know the rules & so do I' },
  { start: 65.2, duration: 2.5, text: 'A full commitment' },
];
const TRANSCRIPT =
  "[0:00] We're no strangers to love\n[0:03] You know the rules & so do I\n[1:05] A full commitment";

const DESCRIPTION = 'The official video.\nListen: https://example.com/listen?a=1&b=2';

function video(id: string, more: Partial<VideoSpec> = {}): VideoSpec {
  return {
    id,
    title: 'Never Gonna Give You Up',
    author: 'Rick Astley',
    description: DESCRIPTION,
    lengthSeconds: 213,
    ...more,
  };
}

// How the watch page of each test video is served; `base` is filled in per request.
type Page = { video: VideoSpec } | { html: string } | { redirect: string } | 'hang';
// How its caption track is served.
type Captions = 'xml' | 'json3' | 'gzip-json3' | 'hang' | 'empty' | 404;
// Both stages of the slow video answer after this long: each alone within the timeout of
// the test that reads it, the two together beyond it.
const STAGE_DELAY_MS = 1_800;

const WRITTEN_AND_ASR = [
  { languageCode: 'de', name: 'German' },
  { languageCode: 'en', name: 'English (auto-generated)', asr: true },
  { languageCode: 'en', name: 'English' },
];

interface Video {
  readonly page: Page;
  readonly captions?: Captions;
  readonly slow?: boolean;
}

const videos: Record<string, Video> = {
  slowStages1: {
    page: { video: video('slowStages1', { tracks: WRITTEN_AND_ASR }) },
    captions: 'json3',
    slow: true,
  },
  dQw4w9WgXcQ: {
    page: { video: video('dQw4w9WgXcQ', { tracks: WRITTEN_AND_ASR }) },
    captions: 'xml',
  },
  asrOnlyJson: {
    page: {
      video: video('asrOnlyJson', {
        tracks: [
          { languageCode: 'fr', name: 'French' },
          { languageCode: 'en', name: 'English (auto-generated)', asr: true },
        ],
      }),
    },
    captions: 'gzip-json3',
  },
  noEnglish01: {
    page: {
      video: video('noEnglish01', {
        tracks: [
          { languageCode: 'de', name: 'German' },
          { languageCode: 'fr', name: 'French', asr: true },
        ],
      }),
    },
  },
  noCaptions1: { page: { video: video('noCaptions1', { description: '' }) } },
  captions404: {
    page: { video: video('captions404', { tracks: WRITTEN_AND_ASR }) },
    captions: 404,
  },
  captionsHng: {
    page: { video: video('captionsHng', { tracks: WRITTEN_AND_ASR }) },
    captions: 'hang',
  },
  captionsNil: {
    page: { video: video('captionsNil', { tracks: WRITTEN_AND_ASR }) },
    captions: 'empty',
  },
  offHostCaps: {
    page: {
      video: video('offHostCaps', {
        tracks: [{ languageCode: 'en', name: 'English', baseUrl: 'http://elsewhere.test/caps' }],
      }),
    },
  },
  noPlayer001: { page: { html: watchPageWithoutPlayer() } },
  pageHangs01: { page: 'hang' },
  consentPage: { page: { redirect: '/consent' } },
  captchaPage: { page: { redirect: '/sorry/index' } },
  botCheck001: {
    page: {
      video: {
        id: 'botCheck001',
        withoutDetails: true,
        playability: {
          status: 'LOGIN_REQUIRED',
          reason: 'Sign in to confirm you’re not a bot',
        },
      },
    },
  },
  removed0001: {
    page: {
      video: {
        id: 'removed0001',
        withoutDetails: true,
        playability: { status: 'ERROR', reason: 'This video has been removed by the uploader' },
      },
    },
  },
};

function route(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', server.url);
  const entry = videos[url.searchParams.get('v') ?? ''];
  if (entry?.slow === true) setTimeout(() => answer(url, entry, response), STAGE_DELAY_MS);
  else answer(url, entry, response);
}

function answer(url: URL, entry: Video | undefined, response: ServerResponse): void {
  if (url.pathname === '/watch' && entry !== undefined) {
    const { page } = entry;
    if (page === 'hang') {
      held.push(response);
      return;
    }
    if ('redirect' in page) {
      response.writeHead(302, {
        location: `${page.redirect}?continue=${encodeURIComponent(url.href)}`,
      });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('video' in page ? watchPage(server.url, page.video) : page.html);
    return;
  }
  if (url.pathname === '/consent') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(consentPage(url.searchParams.get('continue') ?? ''));
    return;
  }
  if (url.pathname === '/sorry/index') {
    response.writeHead(429, { 'content-type': 'text/html' });
    response.end(captchaPage());
    return;
  }
  if (url.pathname === '/api/timedtext' && entry?.captions !== undefined) {
    const captions = entry.captions;
    if (captions === 'hang') {
      held.push(response);
      return;
    }
    if (captions === 404) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html><body>Not Found</body></html>');
      return;
    }
    // The XML video ignores fmt, as older tracks do; the others honour it.
    const json = url.searchParams.get('fmt') === 'json3' && captions !== 'xml';
    response.writeHead(200, {
      'content-type': json ? 'application/json; charset=UTF-8' : 'text/xml; charset=UTF-8',
      ...(captions === 'gzip-json3' ? { 'content-encoding': 'gzip' } : {}),
    });
    if (captions === 'empty') response.end();
    else if (captions === 'gzip-json3') response.end(gzipSync(transcriptJson3(CUES)));
    else response.end(json ? transcriptJson3(CUES) : transcriptXml(CUES));
    return;
  }
  response.writeHead(404, { 'content-type': 'text/plain' });
  response.end(`no route for ${url.pathname}`);
}

beforeAll(async () => {
  server = await startLoopbackServer(route);
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await server.close();
});

function fetchVideo(url: string, options: WebFetchOptions = {}) {
  const tool = createWebFetchTool({ youtubeBase: server.url, timeoutMs: 10_000, ...options });
  return callTool(tool, { url });
}

const HEAD = [
  'YouTube video: Never Gonna Give You Up',
  'Channel: Rick Astley',
  'URL: https://www.youtube.com/watch?v=ID',
  'Length: 3:33',
  '',
  'Description:',
  DESCRIPTION,
].join('\n');
const head = (id: string) => HEAD.replace('ID', id);

describe('WebFetch of YouTube videos', () => {
  it('returns title, channel, description and the written English captions', async () => {
    const outcome = await fetchVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    expect(outcome).toEqual({
      result: `${head('dQw4w9WgXcQ')}\n\nTranscript (en):\n${TRANSCRIPT}`,
      renderData: {
        requestedHost: 'www.youtube.com',
        contentType: 'YouTube video',
        status: 200,
        transcript: 'captions',
      },
    });
    const watch = server.requests.find((request) => request.url?.includes('dQw4w9WgXcQ'));
    expect(watch?.url).toBe('/watch?v=dQw4w9WgXcQ&hl=en');
    expect(watch?.headers.cookie).toBe('SOCS=CAI');
    const captions = server.requests.find((request) => request.url?.startsWith('/api/timedtext'));
    expect(new URL(captions?.url ?? '', server.url).searchParams.get('fmt')).toBe('json3');
    expect(new URL(captions?.url ?? '', server.url).searchParams.get('kind')).toBeNull();
  });

  it('reads the same video through every URL form', async () => {
    const expected = (await fetchVideo('https://youtu.be/asrOnlyJson')).result;
    expect(expected).toBe(
      `${head('asrOnlyJson')}\n\nTranscript (en, auto-generated):\n${TRANSCRIPT}`,
    );
    for (const url of [
      'https://youtu.be/asrOnlyJson?si=Xy12&t=5',
      'https://m.youtube.com/watch?v=asrOnlyJson&feature=share',
      'https://www.youtube.com/shorts/asrOnlyJson',
      'http://youtube.com/watch?app=desktop&v=asrOnlyJson',
    ]) {
      expect([url, (await fetchVideo(url)).result]).toEqual([url, expected]);
    }
  });

  it('keeps the description and names the languages when no track is English', async () => {
    const { result, status, renderData } = await fetchVideo(
      'https://www.youtube.com/watch?v=noEnglish01',
    );
    expect(status).toBeUndefined();
    expect(result).toBe(
      `${head('noEnglish01')}\n\nTranscript: none in English (captions exist in: German (de), French (fr)).`,
    );
    expect(renderData?.transcript).toBe('no-english');
  });

  it('says so when the video has no captions (or description) at all', async () => {
    expect((await fetchVideo('https://www.youtube.com/watch?v=noCaptions1')).result).toBe(
      [
        'YouTube video: Never Gonna Give You Up',
        'Channel: Rick Astley',
        'URL: https://www.youtube.com/watch?v=noCaptions1',
        'Length: 3:33',
        '',
        'Description: (none)',
        '',
        'Transcript: none (the video has no captions).',
      ].join('\n'),
    );
  });

  it('keeps the description beside the transcript error when the captions fail', async () => {
    const failed = await fetchVideo('https://www.youtube.com/watch?v=captions404');
    expect(failed.result).toBe(
      `${head('captions404')}\n\nTranscript error: the en caption track answered HTTP 404`,
    );
    expect(failed.renderData?.transcript).toBe('error');
    expect((await fetchVideo('https://www.youtube.com/watch?v=captionsNil')).result).toBe(
      `${head('captionsNil')}\n\nTranscript error: the en caption track: the caption track came back empty`,
    );
    expect((await fetchVideo('https://www.youtube.com/watch?v=offHostCaps')).result).toBe(
      `${head('offHostCaps')}\n\nTranscript error: the caption track points away from YouTube (elsewhere.test)`,
    );
  });

  it('times the caption stage out on its own clock, keeping the description', async () => {
    const { result } = await fetchVideo('https://www.youtube.com/watch?v=captionsHng', {
      timeoutMs: 400,
    });
    expect(result).toBe(
      `${head('captionsHng')}\n\nTranscript error: the en caption track: timed out after 0.4 s`,
    );
  });

  it('gives each stage its own timeout', async () => {
    const { result } = await fetchVideo('https://www.youtube.com/watch?v=slowStages1', {
      timeoutMs: 3_000,
    });
    expect(result).toBe(`${head('slowStages1')}\n\nTranscript (en):\n${TRANSCRIPT}`);
  });

  it('returns an error when the watch page times out', async () => {
    expect(
      await fetchVideo('https://www.youtube.com/watch?v=pageHangs01', { timeoutMs: 300 }),
    ).toEqual({
      result: 'Error: YouTube watch page for video pageHangs01: timed out after 0.3 s',
      status: 'error',
      renderData: { requestedHost: 'www.youtube.com', contentType: 'YouTube video' },
    });
  });

  it('returns an error when the watch page carries no player response', async () => {
    const { result, status } = await fetchVideo('https://www.youtube.com/watch?v=noPlayer001');
    expect(status).toBe('error');
    expect(result).toBe(
      'Error: the YouTube watch page for video noPlayer001 carries no player response (ytInitialPlayerResponse)',
    );
  });

  it('returns distinct errors for the consent page, the captcha page and the bot check', async () => {
    const results = await Promise.all(
      ['consentPage', 'captchaPage', 'botCheck001', 'removed0001'].map(async (id) => {
        const outcome = await fetchVideo(`https://www.youtube.com/watch?v=${id}`);
        return [outcome.status, outcome.result];
      }),
    );
    expect(results).toEqual([
      [
        'error',
        'Error: YouTube answered video consentPage with its cookie-consent page instead of the video',
      ],
      [
        'error',
        'Error: YouTube answered video captchaPage with a captcha ("unusual traffic") page; try again later',
      ],
      [
        'error',
        'Error: YouTube asked to sign in to confirm this is not a bot instead of serving video botCheck001; try again later',
      ],
      [
        'error',
        'Error: YouTube video removed0001 is unavailable (ERROR: This video has been removed by the uploader)',
      ],
    ]);
  });

  it('fetches pages of other hosts as ordinary pages, whatever their path', async () => {
    const options = { allowPrivateHosts: ['127.0.0.1'] };
    const { result } = await fetchVideo(`${server.url}/watch?v=dQw4w9WgXcQ`, options);
    expect(result).toBe('(empty response body)');
    expect((await fetchVideo(`${server.url}/consent`, options)).result).toMatch(
      /^# Before you continue to YouTube\n/,
    );
  });

  it('refuses a youtubeBase that is not an http(s) URL', () => {
    expect(() => createWebFetchTool({ youtubeBase: 'ftp://x' })).toThrow(
      'WebFetch option youtubeBase: expected an http(s) URL, received ftp://x',
    );
  });
});
