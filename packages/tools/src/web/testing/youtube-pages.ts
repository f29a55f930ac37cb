/** A caption track as a watch page lists it in `captionTracks`. */
export interface TrackSpec {
  readonly languageCode: string;
  readonly name: string;
  readonly asr?: boolean;
  /** Overrides the address (default: BASE/api/timedtext for this video and language). */
  readonly baseUrl?: string;
}

/** The parts of a video a test chooses; the rest of the player response is filled in. */
export interface VideoSpec {
  readonly id: string;
  readonly title?: string;
  readonly author?: string;
  readonly description?: string;
  readonly lengthSeconds?: number;
  /** Undefined: no `captions` key at all, as YouTube sends for a video without captions. */
  readonly tracks?: readonly TrackSpec[];
  readonly playability?: { readonly status: string; readonly reason?: string };
  /** Leave `videoDetails` and `microformat` out, as the bot check does. */
  readonly withoutDetails?: boolean;
}

// A timedtext address as YouTube signs it; only v, lang and kind matter to the test server.
function timedtextUrl(base: string, id: string, track: TrackSpec): string {
  const query = [
    `v=${id}`,
    'ei=3nRQZqGbK9DBx_APzJyUgAE',
    ...(track.asr ? ['caps=asr'] : []),
    'opi=112496729',
    'xoaf=5',
    'hl=en',
    'ip=0.0.0.0',
    'ipbits=0',
    'expire=1716569934',
    'sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf',
    'signature=3A1B5C7D9E0F2A4B6C8D.0E1F2A3B4C5D6E7F8A9B',
    'key=yt8',
    ...(track.asr ? ['kind=asr'] : []),
    `lang=${track.languageCode}`,
  ];
  return `${base}/api/timedtext?${query.join('&')}`;
}

function playerResponse(base: string, video: VideoSpec): Record<string, unknown> {
  const playability = video.playability ?? { status: 'OK' };
  const tracks = video.tracks?.map((track) => ({
    baseUrl: track.baseUrl ?? timedtextUrl(base, video.id, track),
    name: { simpleText: track.name },
    vssId: `${track.asr ? 'a' : ''}.${track.languageCode}`,
    languageCode: track.languageCode,
    ...(track.asr ? { kind: 'asr' } : {}),
    isTranslatable: true,
    trackName: '',
  }));
  return {
    responseContext: {
      serviceTrackingParams: [
        { service: 'GFEEDBACK', params: [{ key: 'is_viewed_live', value: 'False' }] },
      ],
      mainAppWebResponseContext: { loggedOut: true, trackingParam: 'kx_fmPxhoPZR{"x":1}' },
    },
    playabilityStatus: {
      status: playability.status,
      ...(playability.reason === undefined ? {} : { reason: playability.reason }),
      playableInEmbed: true,
      contextParams: 'Q0FFU0FnZ0I=',
    },
    streamingData: {
      expiresInSeconds: '21540',
      formats: [{ itag: 18, mimeType: 'video/mp4; codecs="avc1.42001E, mp4a.40.2"' }],
    },
    ...(tracks === undefined
      ? {}
      : {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: tracks,
              audioTracks: [{ captionTrackIndices: tracks.map((_, index) => index) }],
              translationLanguages: [
                { languageCode: 'af', languageName: { simpleText: 'Afrikaans' } },
              ],
              defaultAudioTrackIndex: 0,
            },
          },
        }),
    ...(video.withoutDetails
      ? {}
      : {
          videoDetails: {
            videoId: video.id,
            title: video.title ?? 'Untitled',
            lengthSeconds: String(video.lengthSeconds ?? 0),
            keywords: ['test'],
            channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
            isOwnerViewing: false,
            shortDescription: video.description ?? '',
            isCrawlable: true,
            thumbnail: { thumbnails: [{ url: 'https://i.ytimg.com/vi/x/default.jpg' }] },
            allowRatings: true,
            viewCount: '1234567',
            author: video.author ?? 'Someone',
            isPrivate: false,
            isUnpluggedCorpus: false,
            isLiveContent: false,
          },
        }),
    ...(video.withoutDetails
      ? {}
      : {
          microformat: {
            playerMicroformatRenderer: {
              title: { simpleText: video.title ?? 'Untitled' },
              ownerChannelName: video.author ?? 'Someone',
              category: 'Education',
            },
          },
        }),
  };
}

// YouTube writes `&`, `<` and `>` inside its inline JSON as \u0026, \u003c and \u003e.
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function frame(title: string, body: string): string {
  return `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en" darker-dark-theme><head><script data-id="_gd" nonce="Zk9aQ2">window.WIZ_global_data = {"HiPsbb":0,"MUE6Ne":"youtube_web"};</script><meta http-equiv="X-UA-Compatible" content="IE=edge"/><script nonce="Zk9aQ2">var ytcfg={d:function(){return window.yt&&yt.config_||ytcfg.data_||(ytcfg.data_={})},set:function(){}};window['ytInitialPlayerResponse'] = null;</script><title>${escapeHtml(title)} - YouTube</title><meta name="title" content="${escapeHtml(title)}"></head><body dir="ltr"><ytd-app></ytd-app>${body}</body></html>`;
}

/** A watch page whose script assigns the player response, then the initial data. */
export function watchPage(base: string, video: VideoSpec): string {
  const player = inlineJson(playerResponse(base, video));
  return frame(
    video.title ?? 'YouTube',
    `<script nonce="Zk9aQ2">var ytInitialPlayerResponse = ${player};var meta = document.createElement('meta'); meta.name = 'referrer'; meta.content = 'origin-when-cross-origin'; document.getElementsByTagName('head')[0].appendChild(meta);</script><script nonce="Zk9aQ2">var ytInitialData = {"contents":{"twoColumnWatchNextResults":{}}};</script>`,
  );
}

/** A watch page whose scripts never assign a player response. */
export function watchPageWithoutPlayer(): string {
  return frame(
    'YouTube',
    '<script nonce="Zk9aQ2">var ytInitialData = {"contents":{}};</script><div id="error-screen"></div>',
  );
}

/** consent.youtube.com's "Before you continue to YouTube" page. */
export function consentPage(continueUrl: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Before you continue to YouTube</title></head><body><div class="saveButtonContainer"><h1>Before you continue to YouTube</h1><p>We use cookies and data to deliver and maintain Google services</p>
<form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="gl" value="DE"><input type="hidden" name="m" value="0"><input type="hidden" name="pc" value="yt"><input type="hidden" name="continue" value="${escapeHtml(continueUrl)}"><input type="hidden" name="set_eom" value="true"><button aria-label="Reject all">Reject all</button></form>
<form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="set_eom" value="false"><button aria-label="Accept all">Accept all</button></form></div></body></html>`;
}

/** google.com/sorry's captcha page, served with HTTP 429. */
export function captchaPage(): string {
  return `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"><title>https://www.youtube.com/watch</title></head><body style="margin:0"><div style="max-width:400px;"><form id="captcha-form" action="index" method="post"><div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b" data-callback="submitCallback"></div><input type="hidden" name="q" value="EgQiMTI"></form><hr noshade size="1" style="color:#ccc; background-color:#ccc; height:1px; border:0 none;"><div style="font-size:13px;"><b>About this page</b><br><br>Our systems have detected unusual traffic from your computer network.</div></div></body></html>`;
}

/** One caption as a test writes it: start and duration in seconds. */
export interface CueSpec {
  readonly start: number;
  readonly duration: number;
  readonly text: string;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The classic timedtext XML. Its text is escaped twice over (`&amp;#39;`), as YouTube
 * writes it, after apostrophes became `&#39;`.
 */
export function transcriptXml(cues: readonly CueSpec[]): string {
  const texts = cues.map(
    (cue) =>
      `<text start="${cue.start}" dur="${cue.duration}">${escapeXml(cue.text.replace(/'/g, '&#39;'))}</text>`,
  );
  return `<?xml version="1.0" encoding="utf-8" ?><transcript>${texts.join('')}</transcript>`;
}

/** The json3 format (`fmt=json3`): a window event, then one event per cue split into word segments, with line-append events between. */
export function transcriptJson3(cues: readonly CueSpec[]): string {
  const events: unknown[] = [
    { tStartMs: 0, dDurationMs: 600_000, id: 1, wpWinPosId: 1, wsWinStyleId: 1 },
  ];
  for (const cue of cues) {
    const words = cue.text.split(' ');
    events.push({
      tStartMs: Math.round(cue.start * 1000),
      dDurationMs: Math.round(cue.duration * 1000),
      wWinId: 1,
      segs: words.map((word, index) => ({
        utf8: index === 0 ? word : ` ${word}`,
        ...(index === 0 ? {} : { tOffsetMs: index * 240 }),
        acAsrConf: 0,
      })),
    });
    events.push({
      tStartMs: Math.round((cue.start + cue.duration) * 1000),
      dDurationMs: 10,
      wWinId: 1,
      aAppend: 1,
      segs: [{ utf8: '\n' }],
    });
  }
  return JSON.stringify({
    wireMagic: 'pb3',
    pens: [{}],
    wsWinStyles: [{}, { mhModeHint: 2, juJustifCode: 0, sdScrollDir: 3 }],
    wpWinPositions: [{}, { apPoint: 6, ahHorPos: 20, avVerPos: 100, rcRows: 2, ccCols: 40 }],
    events,
  });
}

/** The format 3 XML (`fmt=srv3`): `<p t= d=>` in milliseconds with word `<s>` elements. */
export function transcriptSrv3(cues: readonly CueSpec[]): string {
  const paragraphs = cues.map((cue) => {
    const words = cue.text
      .split(' ')
      .map((word, index) =>
        index === 0
          ? `<s ac="0">${escapeXml(word)}</s>`
          : `<s t="${index * 240}" ac="0"> ${escapeXml(word)}</s>`,
      );
    return `<p t="${Math.round(cue.start * 1000)}" d="${Math.round(cue.duration * 1000)}" w="1">${words.join('')}</p>`;
  });
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3">\n<head><ws id="0"/><wp id="0"/></head>\n<body>${paragraphs.join('\n')}</body>\n</timedtext>`;
}
