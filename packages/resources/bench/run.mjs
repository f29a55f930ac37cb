// Parse + prepare throughput for 100,000 addresses, beside plain `new URL()` and
// `path.resolve` on the same strings in the same process. Run `pnpm build` first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createResourceResolver, parseAddress, providerFamilyHandlers } from '../dist/index.js';
import { createNodeResources } from '../dist/node.js';

const count = 100_000;
const goal = 500_000;
const key = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const workspace = mkdtempSync(path.join(tmpdir(), 'resources-bench-'));
const session = path.join(workspace, '.toolcall', 'sessions', 's1');
for (let i = 0; i < 20; i++) {
  mkdirSync(path.join(session, 'work', `dir-${i}`), { recursive: true });
  writeFileSync(path.join(session, 'work', `dir-${i}`, 'file.txt'), 'x');
}
mkdirSync(path.join(session, 'artifacts'), { recursive: true });
mkdirSync(path.join(workspace, 'docs', 'tools'), { recursive: true });

function addressAt(i) {
  switch (i % 10) {
    case 0:
      return `work://dir-${i % 20}/file.txt`;
    case 1:
      return `work://dir-${i % 20}/missing-${i}.md`;
    case 2:
      return `artifact://bash-${i}.txt`;
    case 3:
      return 'toolcall://tools/files.md';
    case 4:
      return `work://shared/notes%20${i}.md`;
    case 5:
      return `agent://root/worker-${i % 7}#/items/${i % 3}`;
    case 6:
      return `mcp://github/repo%3A%2F%2Fowner%2Fname-${i}`;
    case 7:
      return `history://saved/s1/segment-${i}.md`;
    case 8:
      return `memory://${key}/topics/t-${i}.md`;
    default:
      return i % 20 === 9 ? `work://a/../b-${i}` : `work://%C3%A4/%E2%9C%93-${i}`;
  }
}
const addresses = Array.from({ length: count }, (_, i) => addressAt(i));
const urls = addresses.map((text) => text.replace(/^[a-z]+:\/\//, 'http://host/'));

// Rounds interleave the variants so a burst of load on a shared machine hits all
// of them alike; each keeps its best round (the first rounds warm the JIT).
function measureAll(variants, rounds = 12) {
  const best = variants.map(() => Number.POSITIVE_INFINITY);
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    variants.forEach(([, run], index) => {
      const start = process.hrtime.bigint();
      sink += run();
      best[index] = Math.min(best[index], Number(process.hrtime.bigint() - start) / 1e9);
    });
  }
  return {
    sink,
    results: variants.map(([label], index) => ({ label, rate: count / best[index] })),
  };
}

const providers = {
  agent: { list: async () => [], read: async () => undefined },
  mcp: {
    listServers: async () => [],
    listResources: async () => undefined,
    readResource: async () => undefined,
  },
};
const pure = createResourceResolver({
  families: {
    ...providerFamilyHandlers(providers),
    ...Object.fromEntries(
      ['work', 'artifact', 'toolcall', 'history-saved', 'memory'].map((family) => [
        family,
        () => ({
          success: true,
          value: { scope: 'session', execute: async () => ({ success: false }) },
        }),
      ]),
    ),
  },
});
const node = createNodeResources({
  workspace,
  sessionId: 's1',
  docsDirectory: path.join(workspace, 'docs'),
  homeDirectory: workspace,
  configDirectory: path.join(workspace, 'config'),
  memoryRoots: [{ label: 'bench', directory: path.join(workspace, 'memory') }],
  providers,
});

const { results } = measureAll([
  [
    'new URL() (baseline)',
    () => {
      let valid = 0;
      for (const text of urls) {
        try {
          new URL(text);
          valid++;
        } catch {}
      }
      return valid;
    },
  ],
  [
    'path.resolve (baseline)',
    () => {
      let length = 0;
      for (const text of addresses) length += path.resolve(workspace, text).length;
      return length;
    },
  ],
  [
    'parseAddress',
    () => {
      let valid = 0;
      for (const text of addresses) if (parseAddress(text).success) valid++;
      return valid;
    },
  ],
  [
    'parse + prepare (grammar, matrix, facts)',
    () => {
      let valid = 0;
      for (const text of addresses) if (pure.prepare('read', text).success) valid++;
      return valid;
    },
  ],
  [
    'parse + prepare (node families, on-disk containment)',
    () => {
      let valid = 0;
      for (const text of addresses) if (node.prepare('read', text).success) valid++;
      return valid;
    },
  ],
]);
rmSync(workspace, { recursive: true, force: true });

const baseline = results[0].rate;
const resolveBaseline = results[1].rate;
console.log(
  `${count.toLocaleString('en')} addresses per round, interleaved, best of 12 rounds; goal ${goal.toLocaleString('en')}/s`,
);
for (const { label, rate } of results) {
  const ratio = (rate / baseline).toFixed(2);
  const ratioResolve = (rate / resolveBaseline).toFixed(2);
  console.log(
    `${label.padEnd(56)} ${Math.round(rate).toLocaleString('en').padStart(12)}/s  ${ratio}x URL  ${ratioResolve}x path.resolve`,
  );
}
