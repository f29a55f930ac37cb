import type { ListingCost } from '../measure/listing.js';
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

const percent = (ratio: number) => (Number.isFinite(ratio) ? `${Math.round(ratio * 100)}%` : '–');
const number = (value: number) => Math.round(value).toLocaleString('en-US');

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** The generated README section: the per-task table with its median row and the listing table. */
export function renderReport(input: ReportInput): string {
  const { results, summary, listing, tokenizers } = input;
  const [main, second] = tokenizers;
  if (main === undefined || second === undefined) throw new Error('renderReport: two tokenizers');
  const tokens = (result: TaskResult, arm: 'direct' | 'toolcall', id: string) =>
    result[arm].tokens[id] ?? { visible: 0, input: 0, arguments: 0, results: 0 };
  const lines = [
    row([
      'task',
      'turns direct → ToolCall',
      'calls direct → ToolCall (nested)',
      `visible tokens, ${main.id}: direct → ToolCall`,
      'ToolCall share',
      `${second.id} share`,
      `re-read input, ${main.id}: direct → ToolCall`,
      'tool wall ms direct / ToolCall',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const result of results) {
    const d = tokens(result, 'direct', main.id);
    const t = tokens(result, 'toolcall', main.id);
    lines.push(
      row([
        `\`${result.id}\`${result.answersMatch ? '' : ' (answers differ)'}`,
        `${result.direct.turns} → ${result.toolcall.turns}`,
        `${result.direct.calls} → ${result.toolcall.calls} (${result.toolcall.nestedCalls})`,
        `${number(d.visible)} → ${number(t.visible)}`,
        percent(visibleRatio(result, main.id)),
        percent(visibleRatio(result, second.id)),
        `${number(d.input)} → ${number(t.input)}`,
        `${number(result.direct.toolWallMs)} / ${number(result.toolcall.toolWallMs)}`,
      ]),
    );
  }
  const med = (pick: (result: TaskResult) => number) => median(results.map(pick));
  lines.push(
    row([
      '**median task**',
      `**${summary.medianTurns.direct} → ${summary.medianTurns.toolcall}**`,
      `${med((r) => r.direct.calls)} → ${med((r) => r.toolcall.calls)} (${med((r) => r.toolcall.nestedCalls)})`,
      `${number(med((r) => tokens(r, 'direct', main.id).visible))} → ${number(med((r) => tokens(r, 'toolcall', main.id).visible))}`,
      `**${percent(summary.medianVisibleRatio[main.id] ?? Number.NaN)}**`,
      `**${percent(summary.medianVisibleRatio[second.id] ?? Number.NaN)}**`,
      `${number(med((r) => tokens(r, 'direct', main.id).input))} → ${number(med((r) => tokens(r, 'toolcall', main.id).input))} (${percent(summary.medianInputRatio[main.id] ?? Number.NaN)})`,
      `${number(med((r) => r.direct.toolWallMs))} / ${number(med((r) => r.toolcall.toolWallMs))}`,
    ]),
  );
  const listingRow = (label: string, pick: (cost: ListingCost) => number) =>
    row([
      label,
      ...tokenizers.map((tokenizer) => number(pick(listing[tokenizer.id] as ListingCost))),
    ]);
  return [
    ...lines,
    '',
    `Tokenizers: **${main.id}** = ${main.label}; **${second.id}** = ${second.label}. ${input.conditions}`,
    '',
    row([
      'tool listing, read with every model call',
      ...tokenizers.map((tokenizer) => tokenizer.id),
    ]),
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
