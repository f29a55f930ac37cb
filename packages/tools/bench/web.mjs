// Speed of the web tools, each beside a baseline measured in the same run:
//   htmlToMarkdown vs a regex tag strip over the same page (what a converter must beat on value, not speed);
//   WebFetch of a loopback HTML page end to end vs a raw node:http GET of the same page;
//   WebFetch of a YouTube video (watch page ~1 MB + json3 captions, both on loopback) vs raw
//   GETs of the same two responses.
// Run after a build: node bench/web.mjs (TOOLCALL_WEB_MODULE overrides the module path).
import { createServer, get } from 'node:http';

const modulePath = process.env.TOOLCALL_WEB_MODULE ?? '../dist/index.js';
const web = await import(modulePath);
if (typeof web.htmlToMarkdown !== 'function' || typeof web.createWebFetchTool !== 'function') {
  process.stderr.write(`${modulePath} does not export the web tools; build first\n`);
  process.exit(1);
}

function section(index) {
  return `<h2>Section ${index}</h2><p>Some <b>bold</b> text with <a href="/page/${index}">a link (${index})</a> and
    <code>code</code>.</p><ul><li>one</li><li>two <em>three</em></li></ul>
    <table><tr><th>k</th><th>v</th></tr><tr><td>${index}</td><td>x</td></tr></table>
    <pre><code class="language-js">const a = ${index};\nconsole.log(a);</code></pre><script>var s = ${index};</script>`;
}
const page = `<!doctype html><html><head><title>Bench</title><style>p{}</style></head><body>${Array.from({ length: 400 }, (_, i) => section(i)).join('\n')}</body></html>`;
const pageUrl = new URL('https://example.com/docs/');

function time(label, run, rounds) {
  run();
  const start = process.hrtime.bigint();
  for (let round = 0; round < rounds; round += 1) run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { label, perSecond: rounds / seconds };
}

const strip = () =>
  page
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
const convert = time('htmlToMarkdown', () => web.htmlToMarkdown(page, pageUrl), 40);
const baseline = time('regex strip', strip, 40);
const megabytes = page.length / 1e6;
process.stdout.write(
  `${convert.label}: ${(convert.perSecond * megabytes).toFixed(1)} MB/s | ${baseline.label}: ${(baseline.perSecond * megabytes).toFixed(1)} MB/s | ratio ${(baseline.perSecond / convert.perSecond).toFixed(1)}x slower\n`,
);

const small = Array.from({ length: 20 }, (_, i) => section(i)).join('');
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(small);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;
const tool = web.createWebFetchTool();
const context = {
  toolName: 'WebFetch',
  toolUseId: 'b',
  parentId: undefined,
  source: 'direct',
  resources: {},
  approvals: [],
  signal: new AbortController().signal,
  onCancel() {},
};
const rawGet = () =>
  new Promise((resolve, reject) =>
    get(url, { agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    }).on('error', reject),
  );
async function timeAsync(run, rounds) {
  await run();
  const start = process.hrtime.bigint();
  for (let round = 0; round < rounds; round += 1) await run();
  return rounds / (Number(process.hrtime.bigint() - start) / 1e9);
}
const fetched = await timeAsync(() => tool.handler({ url }, context), 200);
const raw = await timeAsync(rawGet, 200);
process.stdout.write(
  `WebFetch loopback page: ${fetched.toFixed(0)}/s | raw node:http GET: ${raw.toFixed(0)}/s | ratio ${(raw / fetched).toFixed(2)}x\n`,
);
server.close();

// A watch page shaped like YouTube's: a large player response (streaming formats with long
// signed URLs), then a large ytInitialData, and a ten-minute json3 track of 600 cues.
const formats = Array.from({ length: 300 }, (_, i) => ({
  itag: 100 + i,
  url: `https://rr1---sn-a5mekn6r.googlevideo.com/videoplayback?expire=1716569934&ei=x&id=o-${'A'.repeat(600)}&itag=${i}`,
  mimeType: 'video/webm; codecs="vp9"',
  bitrate: 1_000_000 + i,
}));
const player = {
  playabilityStatus: { status: 'OK' },
  streamingData: { adaptiveFormats: formats },
  captions: {
    playerCaptionsTracklistRenderer: {
      captionTracks: [
        {
          baseUrl: '/api/timedtext?v=dQw4w9WgXcQ&lang=en',
          languageCode: 'en',
          name: { simpleText: 'English' },
        },
      ],
    },
  },
  videoDetails: {
    videoId: 'dQw4w9WgXcQ',
    title: 'Bench video',
    author: 'Bench channel',
    lengthSeconds: '600',
    shortDescription: 'A description.\n'.repeat(40),
  },
};
const initialData = {
  contents: Array.from({ length: 2000 }, (_, i) => ({ text: `item ${i} ${'x'.repeat(200)}` })),
};
const watchPage = `<!DOCTYPE html><html><head><title>Bench video - YouTube</title></head><body><script>var ytInitialPlayerResponse = ${JSON.stringify(player).replace(/&/g, '\\u0026')};</script><script>var ytInitialData = ${JSON.stringify(initialData)};</script></body></html>`;
const events = Array.from({ length: 600 }, (_, i) => ({
  tStartMs: i * 1000,
  dDurationMs: 1000,
  segs: ['and', ' so', ' the', ' words', ' go', ' on'].map((utf8) => ({ utf8 })),
}));
const track = JSON.stringify({ wireMagic: 'pb3', events });
const youtube = createServer((request, response) => {
  const captions = request.url.startsWith('/api/timedtext');
  response.writeHead(200, {
    'content-type': captions ? 'application/json' : 'text/html; charset=utf-8',
  });
  response.end(captions ? track : watchPage);
});
await new Promise((resolve) => youtube.listen(0, '127.0.0.1', resolve));
const youtubeBase = `http://127.0.0.1:${youtube.address().port}`;
const videoTool = web.createWebFetchTool({ youtubeBase });
const videoUrl = { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
const check = await videoTool.handler(videoUrl, context);
if (!String(check.result).includes('[9:59] and so the words go on')) {
  process.stderr.write(`unexpected YouTube result: ${String(check.result).slice(0, 300)}\n`);
  process.exit(1);
}
const rawGetOf = (target) =>
  new Promise((resolve, reject) =>
    get(target, { agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    }).on('error', reject),
  );
const rawPair = async () => {
  await rawGetOf(`${youtubeBase}/watch?v=dQw4w9WgXcQ`);
  await rawGetOf(`${youtubeBase}/api/timedtext?v=dQw4w9WgXcQ&lang=en`);
};
const video = await timeAsync(() => videoTool.handler(videoUrl, context), 60);
const rawVideo = await timeAsync(rawPair, 60);
process.stdout.write(
  `WebFetch YouTube video (${(watchPage.length / 1e6).toFixed(2)} MB page + ${(track.length / 1e3).toFixed(0)} KB captions): ${video.toFixed(0)}/s | two raw node:http GETs: ${rawVideo.toFixed(0)}/s | ratio ${(rawVideo / video).toFixed(2)}x\n`,
);
youtube.close();
