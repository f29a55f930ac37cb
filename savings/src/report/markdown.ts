import type { ListingCost } from '../measure/listing.js';
import type { TokenCounts } from '../measure/metrics.js';
import { median, type Summary, type TaskResult, visibleRatio } from './summary.js';

/** Everything the generated part of the README shows. */
export interface ReportInput {
  readonly results: readonly TaskResult[];
  readonly summary: Summary;
  readonly listing: Readonly<Record<string, ListingCost>>;
  /** Tokenizer ids in column order with their honest names. */
  readonly tokenizers: readonly { readonly id: string; readonly label: string }[];
  /** How the numbers were taken (rounds, machine load). */
  readonly conditions: string;
}

/** The goal the README states: ToolCall's share of visible tokens on the median task. */
export const GOAL_SHARE = 0.3;

const percent = (ratio: number) => (Number.isFinite(ratio) ? `${Math.round(ratio * 100)}%` : '–');
const number = (value: number) => Math.round(value).toLocaleString('en-US');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const EMPTY: TokenCounts = { arguments: 0, results: 0, visible: 0, input: 0 };

function goalLines(summary: Summary, main: string, second: string): string[] {
  const share = summary.medianVisibleRatio[main] ?? Number.NaN;
  const met = share <= GOAL_SHARE;
  const turns = summary.medianTurns.toolcall <= 1;
  const total = summary.totalVisible[main] ?? { direct: 0, toolcall: 0 };
  return [
    `**Goal**: on the median task, ToolCall plans use ≤ ${percent(GOAL_SHARE)} of the direct plans' model-visible tokens, in one round trip.`,
    `**Measured** on ${summary.tasks} tasks (answers equal in ${summary.answersMatch}): ToolCall's median share is **${percent(share)}** (${main}) and **${percent(summary.medianVisibleRatio[second] ?? Number.NaN)}** (${second}) — the token goal is **${met ? 'met' : 'not met'}**; the median round trips are ${summary.medianTurns.direct} → ${summary.medianTurns.toolcall} (${summary.totalTurns.direct} → ${summary.totalTurns.toolcall} over all tasks) — the round-trip goal is **${turns ? 'met' : 'not met'}**. Of the visible tokens, ToolCall's median share of what the model *writes* (arguments) is ${percent(summary.medianWrittenRatio[main] ?? Number.NaN)} and of what it *reads* (results) ${percent(summary.medianReadRatio[main] ?? Number.NaN)}; over all tasks ${number(total.direct)} → ${number(total.toolcall)} tokens. ToolCall costs more than the direct plan in ${summary.tasksWhereToolCallCostsMore.length} tasks: ${summary.tasksWhereToolCallCostsMore.map((id) => `\`${id}\``).join(', ') || 'none'}.`,
  ];
}

/** The generated README section: the goal line, the per-task table and the listing table. */
export function renderReport(input: ReportInput): string {
  const { results, summary, listing, tokenizers } = input;
  const [main, second] = tokenizers;
  if (main === undefined || second === undefined) throw new Error('renderReport: two tokenizers');
  const tokens = (result: TaskResult, arm: 'direct' | 'toolcall') =>
    result[arm].tokens[main.id] ?? EMPTY;
  const pair =
    (pick: (result: TaskResult, arm: 'direct' | 'toolcall') => number) => (result: TaskResult) =>
      `${number(pick(result, 'direct'))} → ${number(pick(result, 'toolcall'))}`;
  const columns: [string, (result: TaskResult) => string][] = [
    ['turns', (r) => `${r.direct.turns} → ${r.toolcall.turns}`],
    [
      'calls (nested)',
      (r) => `${r.direct.calls} → ${r.toolcall.calls} (${r.toolcall.nestedCalls})`,
    ],
    ['written', pair((r, arm) => tokens(r, arm).arguments)],
    ['read', pair((r, arm) => tokens(r, arm).results)],
    ['visible', pair((r, arm) => tokens(r, arm).visible)],
    [`share ${main.id}`, (r) => percent(visibleRatio(r, main.id))],
    [`share ${second.id}`, (r) => percent(visibleRatio(r, second.id))],
    ['re-read input', pair((r, arm) => tokens(r, arm).input)],
    ['tool ms', pair((r, arm) => r[arm].toolWallMs)],
  ];
  const lines = [
    ...goalLines(summary, main.id, second.id),
    '',
    `Each cell is direct → ToolCall; token columns count ${main.id}.`,
    '',
    row(['task', ...columns.map(([name]) => name)]),
    row(['---', ...columns.map(() => '---:')]),
    ...results.map((result) =>
      row([
        `\`${result.id}\`${result.answersMatch ? '' : ' (answers differ)'}`,
        ...columns.map(([, cell]) => cell(result)),
      ]),
    ),
  ];
  const med = (pick: (result: TaskResult, arm: 'direct' | 'toolcall') => number) =>
    `${number(median(results.map((r) => pick(r, 'direct'))))} → ${number(median(results.map((r) => pick(r, 'toolcall'))))}`;
  lines.push(
    row([
      '**median**',
      `**${summary.medianTurns.direct} → ${summary.medianTurns.toolcall}**`,
      med((r, arm) => r[arm].calls),
      med((r, arm) => tokens(r, arm).arguments),
      med((r, arm) => tokens(r, arm).results),
      med((r, arm) => tokens(r, arm).visible),
      `**${percent(summary.medianVisibleRatio[main.id] ?? Number.NaN)}**`,
      `**${percent(summary.medianVisibleRatio[second.id] ?? Number.NaN)}**`,
      `${med((r, arm) => tokens(r, arm).input)} (${percent(summary.medianInputRatio[main.id] ?? Number.NaN)})`,
      med((r, arm) => r[arm].toolWallMs),
    ]),
  );
  const listingRow = (label: string, pick: (cost: ListingCost) => number) =>
    row([label, ...tokenizers.map((t) => number(pick(listing[t.id] as ListingCost)))]);
  return [
    ...lines,
    '',
    `The median row takes each column's median on its own. Tokenizers: **${main.id}** = ${main.label}; **${second.id}** = ${second.label}. ${input.conditions}`,
    '',
    row(['tool listing, read with every model call', ...tokenizers.map((t) => t.id)]),
    row(['---', ...tokenizers.map(() => '---:')]),
    listingRow('every tool in full', (cost) => cost.everythingInFull),
    listingRow(
      'direct arm: the ordinary tools in full (no ToolSearch, ToolCall)',
      (cost) => cost.directTools,
    ),
    listingRow(
      'ToolCall arm: native tools in full + specialist listing',
      (cost) => cost.nativeListing,
    ),
    listingRow(
      'dialect manual (`toolcall://toolcall-dialect.md`), if read once',
      (cost) => cost.dialectManual,
    ),
  ].join('\n');
}
