import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { buildFixture, copyFixture } from './fixture/build-workspace.js';
import { startWebSite } from './fixture/web-server.js';
import { type ListingCost, measureListing } from './measure/listing.js';
import { medianMetrics } from './measure/median-metrics.js';
import { type ArmMetrics, measureArm } from './measure/metrics.js';
import { canonicalText } from './measure/normalize.js';
import { TOKENIZERS } from './measure/tokenizers.js';
import { renderReport } from './report/markdown.js';
import { replaceSection } from './report/readme.js';
import { summarize, type TaskResult } from './report/summary.js';
import { openHarness } from './run/harness.js';
import { type Arm, runArm } from './run/run-task.js';
import { ALL_TASKS } from './tasks/index.js';

// Regenerates savings/results.json and the README's table: every task's two plans run through
// the real tool set, ROUNDS times, the arms' order alternating so load hits both alike.
const ROUNDS = Number(process.env.SAVINGS_ROUNDS ?? 3);
const RESULTS = new URL('../results.json', import.meta.url);
const README = new URL('../../README.md', import.meta.url);
const say = (text: string) => process.stdout.write(`${text}\n`);

const fixture = buildFixture();
const site = await startWebSite();
const load = [loadavg()[0] ?? 0];
try {
  const listing: Record<string, ListingCost> = {};
  const copy = await copyFixture(fixture);
  const harness = openHarness({ workspace: copy.workspace });
  const [manual] = await harness.turn([
    { tool: 'Read', input: { file_path: 'toolcall://toolcall-dialect.md' } },
  ]);
  for (const tokenizer of TOKENIZERS) {
    listing[tokenizer.id] = measureListing({
      set: harness.set,
      manual: manual?.text ?? '',
      tokenizer,
    });
  }
  await harness.close();
  copy.remove();

  const results: TaskResult[] = [];
  for (const [index, task] of ALL_TASKS.entries()) {
    const rounds: Record<Arm, ArmMetrics[]> = { direct: [], toolcall: [] };
    let answersMatch = true;
    let answer: TaskResult['answer'] = null;
    for (let round = 0; round < ROUNDS; round++) {
      const order: Arm[] =
        (index + round) % 2 === 0 ? ['direct', 'toolcall'] : ['toolcall', 'direct'];
      const answers: Partial<Record<Arm, unknown>> = {};
      for (const arm of order) {
        const run = await runArm({ task, arm, fixture, origin: site.origin });
        answers[arm] = run.answer;
        if (arm === 'direct') answer = run.answer;
        const canonical = (text: string) =>
          canonicalText(text, { workspace: run.workspace, origin: site.origin });
        rounds[arm].push(
          measureArm({ run, prompt: task.prompt, tokenizers: TOKENIZERS, canonical }),
        );
      }
      answersMatch &&= isDeepStrictEqual(answers.direct, answers.toolcall);
      load.push(loadavg()[0] ?? 0);
    }
    const result: TaskResult = {
      id: task.id,
      prompt: task.prompt,
      answersMatch,
      answer,
      direct: medianMetrics(rounds.direct),
      toolcall: medianMetrics(rounds.toolcall),
    };
    results.push(result);
    const [d, t] = [
      result.direct.tokens.o200k?.visible ?? 0,
      result.toolcall.tokens.o200k?.visible ?? 0,
    ];
    say(
      `${task.id.padEnd(24)} turns ${result.direct.turns} → ${result.toolcall.turns}  visible o200k ${d} → ${t} (${Math.round((t / d) * 100)}%)${answersMatch ? '' : '  ANSWERS DIFFER'}`,
    );
  }
  const summary = summarize(
    results,
    TOKENIZERS.map((tokenizer) => tokenizer.id),
  );
  const sortedLoad = [...load].sort((a, b) => a - b);
  const conditions = `Median of ${ROUNDS} interleaved rounds per arm on a ${cpus().length}-core ${process.platform} machine, shared with other test runs, with Node ${process.versions.node}; 1-minute load average ${sortedLoad[0]?.toFixed(2)}–${sortedLoad.at(-1)?.toFixed(2)} during the run.`;
  const tokenizers = TOKENIZERS.map(({ id, label }) => ({ id, label }));
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ tokenizers, conditions, rounds: ROUNDS, listing, summary, tasks: results }, null, 2)}\n`,
  );
  const replaced = replaceSection(
    readFileSync(README, 'utf8'),
    renderReport({ results, summary, listing, tokenizers, conditions }),
  );
  if (!replaced.success) throw new Error(replaced.error);
  writeFileSync(README, replaced.value);
  say(
    `median ToolCall share of visible tokens: ${JSON.stringify(summary.medianVisibleRatio)}; median turns ${summary.medianTurns.direct} → ${summary.medianTurns.toolcall}; answers match in ${summary.answersMatch}/${summary.tasks}`,
  );
  if (summary.answersMatch !== summary.tasks) process.exitCode = 1;
} finally {
  await site.close();
  fixture.remove();
}
