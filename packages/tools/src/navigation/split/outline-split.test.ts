import { readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fc, test } from '@fast-check/vitest';
import { createPipeline } from '@toolcall/pipeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSet } from '../../tool-set.js';
import { languageById } from '../languages.js';
import { nodeReport } from '../node-report.js';
import { outlineText } from '../outline.js';
import { createOutlineTool } from '../outline-tool.js';
import { useBuiltParseWorker } from '../testing/parse-worker.js';
import { cachedOutline } from '../tree-cache.js';
import { loadLanguage } from '../warm-up.js';
import { SPLIT_MIN_LENGTH } from './outline-entries.js';
import {
  parseWorkerReady,
  parseWorkerThread,
  prepareParseWorker,
  setParsePartTimeout,
  stopParseWorker,
} from './worker-client.js';

const TS = languageById('typescript');
const toolsRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const repoRoot = join(toolsRoot, '../..');

// Large JavaScript and TypeScript files installed in this repository, outlined as they are.
const REAL_FILES = [
  join(realpathSync(join(toolsRoot, 'node_modules/web-tree-sitter')), 'web-tree-sitter.js'),
  join(realpathSync(join(toolsRoot, 'node_modules/web-tree-sitter')), 'web-tree-sitter.cjs'),
  join(realpathSync(join(repoRoot, 'node_modules/typescript')), 'lib/lib.es5.d.ts'),
  join(realpathSync(join(repoRoot, 'node_modules/typescript')), 'lib/typescript.d.ts'),
];

// Top-level statements, each complete; a file is many of them.
const DECLARATIONS = [
  (n: number) =>
    `export function run${n}(x: number): number {\n  const y = x + ${n};\n  return y;\n}\n`,
  (n: number) =>
    `class Store${n} {\n  items: string[] = [];\n  add(item: string) {\n    this.items.push(item);\n  }\n}\n`,
  (n: number) => `interface Shape${n} {\n  kind: 'shape${n}';\n  size: number;\n}\n`,
  (n: number) => `const table${n} = {\n  first: ${n},\n  second: () => ${n},\n};\n`,
  (n: number) => `let counter${n} = ${n};\n`,
  (n: number) => `type Alias${n} = { value: number };\n`,
  (n: number) => `enum Level${n} {\n  Low,\n  High,\n}\n`,
];

// Statements whose inner lines look like a split point: a declaration line after a `}` or
// an unindented `;` line, inside a template string, a comment or an unindented body.
const DECOYS = [
  (n: number) =>
    `const page${n} = \`\n}\nexport function fake${n}() {}\nconst inner = 1;\nclass Fake${n} {}\n\`;\n`,
  (n: number) =>
    `/*\n}\nexport class Hidden${n} {}\nlet hidden = 1;\nfunction hidden${n}() {}\n*/\n`,
  (n: number) =>
    `function flat${n}() {\nconst inner${n} = 1;\nfunction nested${n}() {}\nreturn inner${n};\n}\n`,
  (n: number) => `const html${n} = String.raw\`\n};\nexport const x = 1;\n\`;\n`,
  (n: number) => `// }\nexport const after${n} = ${n};\n`,
];

function declarations(from: number, length: number): string {
  let text = '';
  for (let n = from; text.length < length; n++) {
    text += (DECLARATIONS[n % DECLARATIONS.length] as (n: number) => string)(n);
  }
  return text;
}

/** A file past the split threshold whose middle is `middle`. */
function bigFile(middle: string): string {
  const half = Math.ceil(SPLIT_MIN_LENGTH / 2) + 1024;
  return `${declarations(0, half)}${middle}${declarations(100_000, half)}`;
}

let keys = 0;
function freshKey(): string {
  keys++;
  return `/virtual/split-${keys}.ts`;
}

async function wholeOutline(path: string, text: string) {
  return outlineText(path, text, undefined, { parseWorker: false });
}

let cleanUp: () => Promise<void>;

beforeAll(async () => {
  cleanUp = await useBuiltParseWorker();
  await Promise.all([loadLanguage('typescript'), loadLanguage('javascript')]);
  // Without a ready worker every test here would pass by parsing whole files.
  expect(parseWorkerReady('typescript')).toBe(true);
  expect(parseWorkerReady('javascript')).toBe(true);
});

afterAll(async () => {
  await cleanUp();
});

describe('a split outline', () => {
  for (const file of REAL_FILES) {
    it(`is the whole-file outline of ${file.slice(file.lastIndexOf('/') + 1)}`, async () => {
      const text = readFileSync(file, 'utf8');
      expect(text.length).toBeGreaterThan(SPLIT_MIN_LENGTH);
      const path = `lib/${file.slice(file.lastIndexOf('/') + 1)}`;
      const split = await outlineText(path, text, `/virtual/${path}`);
      expect(split).toEqual(await wholeOutline(path, text));
    });
  }

  it('is taken for a large file with a clean split point', async () => {
    const text = bigFile('');
    const key = freshKey();
    const split = await outlineText('big.ts', text, key);
    expect(cachedOutline(key, TS, text)).toBeDefined();
    expect(split).toEqual(await wholeOutline('big.ts', text));
    expect(split.success && split.value.split('\n').length).toBeGreaterThan(1000);
  });

  test.prop(
    [
      fc.array(
        fc.oneof(
          fc.nat(DECLARATIONS.length - 1).map((i) => ({ i, decoy: false })),
          fc.nat(DECOYS.length - 1).map((i) => ({ i, decoy: true })),
        ),
        { minLength: 1, maxLength: 60 },
      ),
    ],
    { numRuns: 40 },
  )('of generated declarations and decoys is the whole-file outline', async (picks) => {
    const middle = picks
      .map(({ i, decoy }, n) =>
        ((decoy ? DECOYS : DECLARATIONS)[i] as (n: number) => string)(n + 500),
      )
      .join('');
    const text = bigFile(middle);
    const split = await outlineText('gen.ts', text, freshKey());
    expect(split).toEqual(await wholeOutline('gen.ts', text));
  });

  it('falls back to the whole file when a part has a syntax error', async () => {
    for (const broken of ['const broken = ;\n', '\nfunction open() {\n']) {
      const first = `${declarations(0, 4096)}${broken}${declarations(50, SPLIT_MIN_LENGTH)}`;
      const second = `${declarations(0, SPLIT_MIN_LENGTH)}${broken}${declarations(50, 4096)}`;
      for (const text of [first, second]) {
        const key = freshKey();
        const outline = await outlineText('broken.ts', text, key);
        expect(outline).toEqual(await wholeOutline('broken.ts', text));
        expect(cachedOutline(key, TS, text)).toBeUndefined();
      }
    }
  });

  it('is repeated from the cache for an unchanged file', async () => {
    const text = bigFile('');
    const key = freshKey();
    const first = await outlineText('big.ts', text, key);
    expect(await outlineText('big.ts', text, key)).toEqual(first);
  });

  it('leaves a whole tree for a Node call after it', async () => {
    const text = bigFile('');
    const key = freshKey();
    await outlineText('big.ts', text, key);
    const line = text.slice(0, Math.floor(text.length * 0.8)).split('\n').length;
    for (const query of [
      { line, column: 2, includeAncestors: true, includeChildren: true },
      { line: 3, column: 0, includeAncestors: true },
      { wholeFile: true },
    ]) {
      const after = await nodeReport('big.ts', text, { ...query, cacheKey: key });
      expect(after).toEqual(await nodeReport('big.ts', text, query));
    }
    expect(cachedOutline(key, TS, text)).toBeUndefined();
  });

  it('is followed by right outlines of edited versions', async () => {
    const text = bigFile('');
    const key = freshKey();
    await outlineText('big.ts', text, key);
    const early = text.indexOf('\n', text.length >> 3) + 1;
    const late = text.indexOf('\n', text.length - (text.length >> 3)) + 1;
    const versions = [
      `${text.slice(0, early)}export const addedEarly = 1;\n${text.slice(early)}`,
      `${text.slice(0, late)}export function addedLate() {}\n${text.slice(late)}`,
      text.replace('run0', 'renamed0'),
    ];
    for (const version of versions) {
      expect(await outlineText('big.ts', version, key)).toEqual(
        await wholeOutline('big.ts', version),
      );
    }
  });

  it('is not made with the worker turned off, and reads the same', async () => {
    const text = bigFile('');
    const key = freshKey();
    const off = await outlineText('big.ts', text, key, { parseWorker: false });
    expect(cachedOutline(key, TS, text)).toBeUndefined();
    expect(off).toEqual(await outlineText('big.ts', text, freshKey()));
  });
});

describe('the Outline tool', () => {
  it('splits by default, and not with parseWorker false, with the same result', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outline-split-'));
    try {
      const text = bigFile('');
      const results = [];
      for (const [name, parseWorker] of [
        ['on.ts', undefined],
        ['off.ts', false],
      ] as const) {
        await writeFile(join(dir, name), text);
        const pipeline = createPipeline({ tools: [createOutlineTool({ cwd: dir, parseWorker })] });
        const input = { file_path: name };
        const outcome = await pipeline.runTool({ name: 'Outline', input, toolUseId: 'id' }).outcome;
        results.push(String(outcome.result).replaceAll(name, 'F'));
        const split = cachedOutline(join(dir, name), TS, text) !== undefined;
        expect(split).toBe(parseWorker === undefined);
      }
      expect(results[0]).toBe(results[1]);
      expect(results[0]?.split('\n').length).toBeGreaterThan(1000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is turned off for a tool set made with parseWorker false', async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'outline-split-set-')));
    try {
      const text = bigFile('export const inSet = 1;\n');
      for (const [name, parseWorker] of [
        ['set-on.ts', undefined],
        ['set-off.ts', false],
      ] as const) {
        await writeFile(join(dir, name), text);
        const set = createToolSet({
          workspace: dir,
          ...(parseWorker === undefined ? {} : { parseWorker }),
        });
        try {
          const input = { file_path: name };
          const outcome = await set.pipeline.runTool({ name: 'Outline', input, toolUseId: 'id' })
            .outcome;
          expect(outcome.status).toBe('success');
          const split = cachedOutline(join(dir, name), TS, text) !== undefined;
          expect(split).toBe(parseWorker === undefined);
        } finally {
          await set.close();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the parse worker', () => {
  it('failing mid-call leaves a whole-file outline, and loadLanguage starts a new one', async () => {
    const thread = parseWorkerThread();
    expect(thread).toBeDefined();
    if (thread === undefined) return;
    // The worker dies as it is handed the second part, before it can answer. (Posting the part
    // first raced the termination: under load the worker sometimes answered in time.)
    thread.postMessage = () => {
      void thread.terminate();
    };
    const text = bigFile('');
    const key = freshKey();
    const outline = await outlineText('big.ts', text, key);
    expect(outline).toEqual(await wholeOutline('big.ts', text));
    expect(cachedOutline(key, TS, text)).toBeUndefined();
    expect(parseWorkerThread()).toBeUndefined();
    expect(parseWorkerReady('typescript')).toBe(false);

    await loadLanguage('typescript');
    expect(parseWorkerReady('typescript')).toBe(true);
    const again = bigFile('export const restarted = 1;\n');
    const next = freshKey();
    expect(await outlineText('big.ts', again, next)).toEqual(await wholeOutline('big.ts', again));
    expect(cachedOutline(next, TS, again)).toBeDefined();
  });

  it('is not started by loadLanguage told not to', async () => {
    await stopParseWorker();
    await loadLanguage('typescript', { parseWorker: false });
    expect(parseWorkerThread()).toBeUndefined();
    const text = bigFile('');
    const key = freshKey();
    expect(await outlineText('big.ts', text, key)).toEqual(await wholeOutline('big.ts', text));
    expect(cachedOutline(key, TS, text)).toBeUndefined();
  });

  it('starts on the first large file when loadLanguage did not start it', async () => {
    await stopParseWorker();
    const first = bigFile('export const first = 1;\n');
    const key = freshKey();
    // Parsed whole while the worker it started warms up.
    expect(await outlineText('big.ts', first, key)).toEqual(await wholeOutline('big.ts', first));
    expect(cachedOutline(key, TS, first)).toBeUndefined();
    expect(parseWorkerThread()).toBeDefined();
    await prepareParseWorker('typescript');
    expect(parseWorkerReady('typescript')).toBe(true);
    const later = bigFile('export const later = 1;\n');
    const next = freshKey();
    expect(await outlineText('big.ts', later, next)).toEqual(await wholeOutline('big.ts', later));
    expect(cachedOutline(next, TS, later)).toBeDefined();
  });

  it('is dropped when it does not answer a part in time, and the file is parsed whole', async () => {
    await loadLanguage('typescript');
    const thread = parseWorkerThread();
    expect(parseWorkerReady('typescript')).toBe(true);
    if (thread === undefined) return;
    // A worker that takes the part and never answers.
    thread.postMessage = () => {};
    setParsePartTimeout(200);
    try {
      const text = bigFile('export const stuck = 1;\n');
      const key = freshKey();
      expect(await outlineText('big.ts', text, key)).toEqual(await wholeOutline('big.ts', text));
      expect(cachedOutline(key, TS, text)).toBeUndefined();
      expect(parseWorkerThread()).toBeUndefined();
    } finally {
      setParsePartTimeout(10_000);
    }
  });
});
