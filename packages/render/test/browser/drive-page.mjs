// Drives a real headless Chromium over the DevTools protocol (Node 20 needs
// --experimental-websocket): loads the page at 800 px, clicks every collapsed
// row's summary with real mouse events, and prints one JSON report on stdout.
// Usage: node --experimental-websocket drive-page.mjs CHROMIUM PAGE.html SCREENSHOT.png
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [chromiumPath, pagePath, screenshotPath] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), 'render-chromium-'));
const browser = spawn(
  chromiumPath,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-crash-reporter',
    '--disable-breakpad',
    '--hide-scrollbars',
    `--user-data-dir=${profile}`,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    '--window-size=800,600',
    'about:blank',
  ],
  // Its own process group, so cleanup can end the helpers it forks as well.
  { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
);

const exited = new Promise((resolve) => browser.once('exit', resolve));
function killGroup() {
  try {
    process.kill(-browser.pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}
async function cleanUp() {
  // Ask the browser to close, which also ends its helper processes; the group
  // kill is the fallback when it does not exit in time. The reply may never
  // come (the browser can drop the socket first), so wait for the exit only.
  const fallback = setTimeout(killGroup, 10_000);
  sessionId = undefined;
  send('Browser.close').catch(() => {});
  await exited;
  clearTimeout(fallback);
  killGroup();
  rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

const browserUrl = await new Promise((resolve, reject) => {
  let seen = '';
  browser.stderr.on('data', (chunk) => {
    seen += chunk;
    const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
    if (match) resolve(match[1]);
  });
  browser.on('exit', (code) => reject(new Error(`chromium exited ${code}: ${seen}`)));
});
// Talk to the browser endpoint and create our own page target: the page list
// may still be empty when the endpoint is announced on a busy machine.
const socket = new WebSocket(browserUrl);
await new Promise((resolve, reject) => {
  socket.onopen = resolve;
  socket.onerror = reject;
});

let nextId = 0;
const pending = new Map();
const waiters = [];
socket.onclose = () => {
  for (const entry of pending.values()) entry.reject(new Error('DevTools socket closed'));
  pending.clear();
};
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.id !== undefined) {
    const entry = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) entry.reject(new Error(JSON.stringify(message.error)));
    else entry.resolve(message.result);
  } else {
    for (const waiter of waiters.splice(0)) waiter(message);
  }
};
let sessionId;
function send(method, params = {}) {
  const id = ++nextId;
  socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
function nextEvent(method) {
  return new Promise((resolve) => {
    const listen = (message) =>
      message.method === method ? resolve(message) : waiters.push(listen);
    waiters.push(listen);
  });
}
async function evaluate(expression) {
  const { result, exceptionDetails } = await send('Runtime.evaluate', {
    expression,
    returnByValue: true,
    awaitPromise: true,
  });
  if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
  return result.value;
}

const overflowCheck = `(() => {
  const root = document.documentElement;
  const offenders = [...document.querySelectorAll('summary, pre, .tc-event, .tc-batch, h1')]
    .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.className || el.tagName);
  return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, offenders };
})()`;

try {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  ({ sessionId } = await send('Target.attachToTarget', { targetId, flatten: true }));
  await send('Page.enable');
  await send('Runtime.enable');
  await send('Emulation.setDeviceMetricsOverride', {
    width: 800,
    height: 600,
    deviceScaleFactor: 1,
    mobile: false,
  });
  const loaded = nextEvent('Page.loadEventFired');
  await send('Page.navigate', { url: pathToFileURL(pagePath).href });
  await loaded;
  await evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  const initial = await evaluate(`(() => ({
    rows: document.querySelectorAll('details.tc-row').length,
    scripts: document.querySelectorAll('script').length,
    bodies: Object.fromEntries(
      [...document.querySelectorAll('details.tc-row')].map((d) => [
        d.dataset.id,
        d.querySelector(':scope > .tc-content > pre')?.textContent ?? null,
      ]),
    ),
    open: document.querySelectorAll('details.tc-row[open]').length,
    openIds: [...document.querySelectorAll('details.tc-row[open]')].map((d) => d.dataset.id),
    overflow: ${overflowCheck},
  }))()`);
  const size = await evaluate(
    '({ width: 800, height: Math.min(4000, document.documentElement.scrollHeight) })',
  );
  const before = await send('Page.captureScreenshot', {
    format: 'png',
    captureBeyondViewport: true,
    clip: { x: 0, y: 0, ...size, scale: 1 },
  });
  writeFileSync(
    screenshotPath.replace(/\.png$/, '-initial.png'),
    Buffer.from(before.data, 'base64'),
  );
  // Click the first visible closed row's summary with real mouse events, again
  // and again, so rows nested in newly opened ones get clicked as well.
  const clicked = [];
  for (let pass = 0; pass < 100; pass += 1) {
    const id = await evaluate(`(() => {
      const closed = [...document.querySelectorAll('details.tc-row:not([open])')]
        .find((d) => d.querySelector(':scope > summary').getClientRects().length > 0);
      return closed ? closed.dataset.id : null;
    })()`);
    if (id === null) break;
    const selector = `details[data-id=${JSON.stringify(id)}]`;
    // Scroll the row into view and let two frames pass, so the click lands on a settled layout
    // even when the machine is busy.
    const box = await evaluate(`(async () => {
      const summary = document.querySelector(${JSON.stringify(selector)} + ' > summary');
      summary.scrollIntoView({ block: 'center' });
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const r = summary.getBoundingClientRect();
      return { x: r.left + Math.min(20, r.width / 2), y: r.top + r.height / 2 };
    })()`);
    for (const type of ['mousePressed', 'mouseReleased']) {
      await send('Input.dispatchMouseEvent', {
        type,
        x: box.x,
        y: box.y,
        button: 'left',
        clickCount: 1,
      });
    }
    const state = await evaluate(`(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const d = document.querySelector(${JSON.stringify(selector)});
      const content = d.querySelector(':scope > .tc-content');
      return { open: d.open, contentHeight: content.getBoundingClientRect().height };
    })()`);
    clicked.push({ id, ...state });
    // A click that did not open the row would loop forever on it.
    if (!state.open) break;
  }
  const afterClicks = await evaluate(overflowCheck);
  await evaluate('window.scrollTo(0, 0)');
  const fullSize = await evaluate(
    '({ width: 800, height: Math.min(8000, document.documentElement.scrollHeight) })',
  );
  const shot = await send('Page.captureScreenshot', {
    format: 'png',
    captureBeyondViewport: true,
    clip: { x: 0, y: 0, ...fullSize, scale: 1 },
  });
  writeFileSync(screenshotPath, Buffer.from(shot.data, 'base64'));
  process.stdout.write(`${JSON.stringify({ initial, clicked, afterClicks })}\n`);
} finally {
  await cleanUp();
  socket.close();
}
