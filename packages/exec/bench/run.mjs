// Speed goals for @toolcall/exec, each measured beside its baseline in the same run:
//   Bash `true` end to end vs raw child_process.spawn('bash', ['-c', 'true'])   goal <= 1.5x
//   confined `true` (seccomp filter, protected paths, call cgroup) vs raw `bwrap ... true`
//     with the same mounts and no filter or cgroup                               goal <= 1.2x
//     (also printed: the same after 100 ms idle, as a model's calls come)
//     (also printed: the confined call with vs without its cgroup, the process bound's cost;
//     raw bwrap with the seccomp filter vs without, the filter's own cost)
//   draining 200 MB of output vs bash -c 'head -c 200M /dev/zero >/dev/null'    goal <= 1.5x
//     (also printed: the same drain vs bash writing the bytes straight into a file, the floor
//     any spool on this disk pays)
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSeccompFilter, createExecManager, protectedWorkspacePaths } from '../dist/index.js';

const owner = '/bench';
const workspace = mkdtempSync(join(tmpdir(), 'exec-bench-'));

function run(file, args, extraFds = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'ignore', ...extraFds] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
}

// Alternates the two bodies so load from other processes on the machine hits both alike, with a
// short untimed pause before each, so work one side leaves for later (a launcher prepared for
// the next call, a spool removed) is not billed to the other.
const breathe = () => new Promise((resolve) => setTimeout(resolve, 10));
async function paired(times, ours, baseline, selfTimed = false) {
  const a = [];
  const b = [];
  for (const body of [ours, baseline]) {
    const undo = await body();
    if (typeof undo === 'function') undo();
  }
  for (let index = 0; index < times; index += 1) {
    await breathe();
    let start = performance.now();
    const undoBaseline = await baseline();
    b.push(selfTimed ? undoBaseline : performance.now() - start);
    if (typeof undoBaseline === 'function') undoBaseline();
    await breathe();
    start = performance.now();
    const undoOurs = await ours();
    a.push(selfTimed ? undoOurs : performance.now() - start);
    if (typeof undoOurs === 'function') undoOurs();
  }
  const middle = (samples) => samples.sort((x, y) => x - y)[Math.floor(samples.length / 2)];
  return [middle(a), middle(b)];
}

function report(name, ours, baseline, goal) {
  const ratio = ours / baseline;
  const verdict =
    goal === undefined ? '' : `  (goal <= ${goal}x, ${ratio <= goal ? 'meets' : 'misses'})`;
  console.log(
    `${name.padEnd(34)} ${ours.toFixed(2).padStart(9)} ms  vs ${baseline.toFixed(2).padStart(9)} ms  ratio ${ratio.toFixed(2)}x${verdict}`,
  );
}

async function bash(manager, command) {
  const result = await manager.runBash({ owner, command, yieldTimeMs: 30_000 });
  if (!result.success) throw result.error;
  return result.value;
}

const direct = createExecManager({ workspaceRoot: workspace, sandbox: 'off' });
const confined = createExecManager({
  workspaceRoot: workspace,
  sandbox: 'required',
  protectedPaths: [],
  spoolLimitBytes: 256 * 1024 * 1024,
});
const draining = createExecManager({
  workspaceRoot: workspace,
  sandbox: 'off',
  spoolLimitBytes: 256 * 1024 * 1024,
});

const [oursTrue, rawTrue] = await paired(
  60,
  () => bash(direct, 'true'),
  () => run('bash', ['-c', 'true']),
);
report('Bash true (sandbox off)', oursTrue, rawTrue, 1.5);

// The same mounts by hand: a protected path that exists is bound read-only onto itself, and one
// that is missing gets a read-only directory that bwrap creates as its mount point and the run
// removes afterwards (untimed), as the managed call does with its placeholders (timed).
await bash(confined, 'true');
const bwrapArgs = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
bwrapArgs.push('--bind', workspace, workspace);
const made = [];
for (const path of protectedWorkspacePaths({ workspaceRoot: workspace })) {
  if (existsSync(path)) bwrapArgs.push('--ro-bind', path, path);
  else {
    bwrapArgs.push('--tmpfs', path, '--remount-ro', path);
    made.push(path);
  }
}
bwrapArgs.push('--unshare-net', '--unshare-pid', '--unshare-ipc');
bwrapArgs.push('--unshare-uts', '--die-with-parent', '--new-session', '--cap-drop', 'ALL');
bwrapArgs.push('--chdir', workspace);
const bashTrue = ['--', 'bash', '--noprofile', '--norc', '-p', '-c', 'true'];
const rawBwrapTrue = async (extra = [], fds = []) => {
  await run('bwrap', [...extra, ...bwrapArgs, ...bashTrue], fds);
  return () => {
    for (const path of made) rmSync(path, { recursive: true, force: true });
  };
};
const [oursBwrap, rawBwrap] = await paired(
  40,
  () => bash(confined, 'true'),
  () => rawBwrapTrue(),
);
report('confined true vs raw bwrap', oursBwrap, rawBwrap, 1.2);
// A model's calls come seconds apart, not back to back: after an idle pause, moving a process
// into a cgroup waits out a kernel grace period, which the launchers waiting in their cgroups
// keep off the call. Both sides pause alike before each run.
const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
const [oursIdle, rawIdle] = await paired(
  20,
  async () => {
    await pause();
    const start = performance.now();
    await bash(confined, 'true');
    return performance.now() - start;
  },
  async () => {
    await pause();
    const start = performance.now();
    const undo = await rawBwrapTrue();
    const took = performance.now() - start;
    undo();
    return took;
  },
  true,
);
report('  the same after 100 ms idle', oursIdle, rawIdle);
// The same call without its cgroup: what the per-call process bound costs.
const unbounded = createExecManager({
  workspaceRoot: workspace,
  sandbox: 'required',
  protectedPaths: [],
  processLimit: false,
});
const [bounded, notBounded] = await paired(
  40,
  () => bash(confined, 'true'),
  () => bash(unbounded, 'true'),
);
report('  confined with vs without cgroup', bounded, notBounded);
const filterPath = join(workspace, 'seccomp.bpf');
writeFileSync(filterPath, buildSeccompFilter());
const withFilter = async () => {
  const fd = openSync(filterPath, 'r');
  try {
    return await rawBwrapTrue(['--seccomp', '3'], [fd]);
  } finally {
    closeSync(fd);
  }
};
const [filtered, unfiltered] = await paired(40, withFilter, () => rawBwrapTrue());
report('  raw bwrap with vs without seccomp', filtered, unfiltered);

const [oursDrain, rawDrain] = await paired(
  5,
  () => bash(draining, 'head -c 200M /dev/zero'),
  () => run('bash', ['-c', 'head -c 200M /dev/zero >/dev/null']),
);
report('drain 200 MB to the spool', oursDrain, rawDrain, 1.5);
// The goal's baseline discards in the kernel; keeping the output at all costs at least what bash
// pays writing the same bytes straight into a file on the spool's disk. Printed so the goal's
// floor is visible beside it.
const floorFile = join(workspace, 'floor');
const [oursAgain, floor] = await paired(
  5,
  () => bash(draining, 'head -c 200M /dev/zero'),
  () => run('bash', ['-c', `head -c 200M /dev/zero > '${floorFile}'`]),
);
report('  same vs bash writing a file', oursAgain, floor);
report('  floor: that file vs /dev/null', floor, rawDrain);

await Promise.all([
  direct.teardown(),
  confined.teardown(),
  unbounded.teardown(),
  draining.teardown(),
]);
rmSync(workspace, { recursive: true, force: true });
