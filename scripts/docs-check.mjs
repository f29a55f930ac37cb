// Type-checks every TypeScript sample in docs/ and the READMEs strictly, as a user would compile
// it against the built packages, and runs the samples marked `ts run`: a sample that no longer
// compiles or runs fails here, not in a reader's editor. Results also go to
// .test-results/docs-check.json for scripts/tally.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, '.docs-check');

function markdownFiles() {
  const files = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group))) files.push(join(group, name, 'README.md'));
  }
  return files.filter((file) => {
    try {
      readFileSync(join(root, file));
      return true;
    } catch {
      return false;
    }
  });
}

/** The ```ts blocks of a Markdown file, with the line each starts on and whether it runs. */
function samples(file) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(ts|typescript)(\s+run)?\s*$/.exec(lines[i]);
    if (open === null) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end += 1;
    // An HTML comment just above the block, `<!-- docs-check: … -->`, declares what the sample
    // assumes from its surroundings (a helper of the reader's own): readers never see it.
    const context = /^<!-- docs-check: ([\s\S]*) -->$/.exec(lines[i - 1] ?? '')?.[1] ?? '';
    found.push({
      file,
      line: start + 1,
      run: open[2] !== undefined,
      context,
      code: lines.slice(start, end).join('\n'),
    });
    i = end;
  }
  return found;
}

rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'node_modules', '@toolcall'), { recursive: true });
for (const name of readdirSync(join(root, 'packages'))) {
  symlinkSync(join(root, 'packages', name), join(work, 'node_modules', '@toolcall', name));
}
// Samples import what a user of the packages would have installed beside them: the SDKs the
// adapters serve and zod, as the tools package's development dependencies have them.
const beside = join(root, 'packages', 'tools', 'node_modules');
for (const name of readdirSync(beside)) {
  if (name.startsWith('.') || name === '@toolcall') continue;
  if (name.startsWith('@')) {
    mkdirSync(join(work, 'node_modules', name), { recursive: true });
    for (const scoped of readdirSync(join(beside, name))) {
      symlinkSync(join(beside, name, scoped), join(work, 'node_modules', name, scoped));
    }
  } else symlinkSync(join(beside, name), join(work, 'node_modules', name));
}
writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
const all = markdownFiles().flatMap(samples);
const names = new Map();
for (const sample of all) {
  const name = `${sample.file.replace(/[^\w]+/g, '-')}-${sample.line}.ts`;
  names.set(name, sample);
  // Each sample is a module of its own, so names never collide between samples.
  // The context goes on the sample's first line, so error lines map back unchanged.
  const [first = '', ...rest] = sample.code.split('\n');
  writeFileSync(join(work, name), `${sample.context} ${first}\n${rest.join('\n')}\nexport {};\n`);
}
writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      exactOptionalPropertyTypes: false,
      noUncheckedIndexedAccess: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      lib: ['ES2023'],
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
      skipLibCheck: true,
      outDir: 'out',
      rootDir: '.',
    },
    include: ['*.ts'],
  }),
);
// One result per sample, and one more per sample that runs.
const results = [];
const compileErrors = new Map();
let unmapped = '';
try {
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', work], {
    cwd: work,
    stdio: 'pipe',
  });
} catch (error) {
  const output = String(error.stdout ?? '');
  for (const line of output.split('\n')) {
    const match = /^([\w.-]+\.ts)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    const sample = match === null ? undefined : names.get(match[1]);
    if (match === null || sample === undefined) continue;
    const message = `line ${sample.line + Number(match[2]) - 1}: ${match[4]} ${match[5]}`;
    compileErrors.set(sample, [...(compileErrors.get(sample) ?? []), message]);
  }
  // tsc failed without naming a sample (a broken setup): say what it printed.
  if (compileErrors.size === 0) unmapped = (output || String(error.message)).slice(0, 2000);
}
for (const sample of all) {
  const errors = compileErrors.get(sample) ?? [];
  results.push({
    name: `${sample.file}:${sample.line}`,
    ok: errors.length === 0,
    summary: errors.join(' | '),
  });
}
if (unmapped !== '') results.push({ name: 'tsc', ok: false, summary: unmapped });
for (const [name, sample] of names) {
  if (!sample.run) continue;
  // A sample that takes its error branch prints to stderr: that fails it too.
  const ran = spawnSync(process.execPath, [join(work, 'out', name.replace(/\.ts$/, '.js'))], {
    cwd: work,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const problem =
    ran.error?.message ??
    (ran.status !== 0 ? `exit ${ran.status ?? ran.signal}` : ran.stderr ? 'wrote to stderr' : '');
  results.push({
    name: `${sample.file}:${sample.line} (run)`,
    ok: problem === '',
    summary: problem === '' ? '' : `${problem}: ${ran.stderr}`,
  });
}
for (const result of results.filter((r) => !r.ok)) {
  console.log(`✗ ${result.name}: ${result.summary.slice(0, 1000)}`);
}
for (const result of results.filter((r) => r.ok && r.name.endsWith(' (run)'))) {
  console.log(`✓ ran ${result.name.replace(/ \(run\)$/, '')}`);
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
mkdirSync(join(root, '.test-results'), { recursive: true });
writeFileSync(
  join(root, '.test-results', 'docs-check.json'),
  JSON.stringify({ passed, failed, results }, null, 2),
);
const runs = all.filter((sample) => sample.run).length;
console.log(`docs check: ${all.length} samples type-checked, ${runs} run, ${failed} failed`);
rmSync(work, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);
