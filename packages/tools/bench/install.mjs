// What an adopter installs and pays at import: packs every publishable package, installs the
// tarballs with plain npm into scratch projects outside the workspace (with and without
// optional dependencies), and reports the installed size beside the goal; then times, in
// fresh processes and interleaved rounds, the import of @toolcall/pipeline and
// @toolcall/tools beside `node -e 0`.
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROUNDS = Number(process.env.TOOLCALL_BENCH_ROUNDS ?? 15);
const root = new URL('../../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'toolcall-install-bench-'));

function sizeOf(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) total += sizeOf(join(path, entry));
  return total;
}

function packagesIn(modules) {
  let count = 0;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) count += readdirSync(join(modules, entry)).length;
    else count += 1;
  }
  return count;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

try {
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const dependencies = {};
  let packed = 0;
  for (const dir of readdirSync(join(root, 'packages'))) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    if (manifest.private) continue;
    const out = execFileSync('corepack', ['pnpm', 'pack', '--pack-destination', tarballs], {
      cwd: join(root, 'packages', dir),
      encoding: 'utf8',
    });
    const file = out.trim().split('\n').pop().trim();
    packed += statSync(file).size;
    dependencies[manifest.name] = `file:${file}`;
  }

  const installs = {};
  for (const [label, flags] of [
    ['default', []],
    ['--omit=optional', ['--omit=optional']],
  ]) {
    const project = join(work, label.replace(/\W+/g, '') || 'default');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'adopter', private: true, dependencies }, null, 2),
    );
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...flags], {
      cwd: project,
      stdio: 'inherit',
    });
    const modules = join(project, 'node_modules');
    installs[label] = { project, bytes: sizeOf(modules), count: packagesIn(modules) };
  }

  const project = installs.default.project;
  const importScript = (name) =>
    `const t = process.hrtime.bigint(); await import(${JSON.stringify(name)}); process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
  const samples = { node: [], pipelineProcess: [], toolsProcess: [], pipeline: [], tools: [] };
  const timeProcess = (args) => {
    const start = process.hrtime.bigint();
    const out = execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8' });
    return { wall: Number(process.hrtime.bigint() - start) / 1e6, out };
  };
  const load = [loadavg()[0]];
  for (let round = 0; round < ROUNDS + 2; round++) {
    const node = timeProcess(['-e', '0']);
    const pipeline = timeProcess(['--input-type=module', '-e', importScript('@toolcall/pipeline')]);
    const tools = timeProcess(['--input-type=module', '-e', importScript('@toolcall/tools')]);
    if (round < 2) continue; // the first rounds warm the file cache
    samples.node.push(node.wall);
    samples.pipelineProcess.push(pipeline.wall);
    samples.toolsProcess.push(tools.wall);
    samples.pipeline.push(Number(pipeline.out));
    samples.tools.push(Number(tools.out));
  }
  load.push(loadavg()[0]);

  const goal = (met, text) => `${text}: ${met ? 'met' : 'not met'}`;
  const toolsImport = median(samples.tools);
  const pipelineImport = median(samples.pipeline);
  console.log(
    `install of every publishable package (${Object.keys(dependencies).length} tarballs, ${mb(packed)} packed)`,
  );
  console.log('| install | node_modules | packages | goal |');
  console.log('| --- | --- | --- | --- |');
  for (const [label, install] of Object.entries(installs)) {
    console.log(
      `| npm install ${label} | ${mb(install.bytes)} | ${install.count} | ${goal(install.bytes <= 40e6, '≤ 40 MB')} |`,
    );
  }
  console.log(
    `\nimport in a fresh process, median of ${ROUNDS} interleaved rounds (load ${load.map((l) => l.toFixed(1)).join('–')})`,
  );
  console.log('| import | import itself | whole process | node -e 0 | goal |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| @toolcall/pipeline | ${pipelineImport.toFixed(1)} ms | ${median(samples.pipelineProcess).toFixed(1)} ms | ${median(samples.node).toFixed(1)} ms | ${goal(pipelineImport <= 60, '≤ 60 ms')} |`,
  );
  console.log(
    `| @toolcall/tools | ${toolsImport.toFixed(1)} ms | ${median(samples.toolsProcess).toFixed(1)} ms | ${median(samples.node).toFixed(1)} ms | ${goal(toolsImport <= 100, '≤ 100 ms')} |`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
