// The CLI's `toolcall run SCRIPT` from the packages alone: the workspace's session (artifacts,
// media, checkpoints), its tool set, one ToolCall script run through the pipeline, its rows
// drawn with the tool set's renderers, and what a model would be sent.
import { readFile } from 'node:fs/promises';
import { projectToolCall } from '@toolcall/pipeline';
import { createToolSet, openSessionOrThrow, renderOutcome } from '@toolcall/tools';

const [workspace = process.cwd(), script = 'script.el'] = process.argv.slice(2);
const session = await openSessionOrThrow({ workspace });
const set = createToolSet(session.toolSetOptions({ permissions: { mode: 'full-auto' } }));
session.attach(set);
const expression = await readFile(script, 'utf8');
const run = set.pipeline.runTool({ name: 'ToolCall', input: { expression }, toolUseId: 'toolu_1' });
const outcome = await run.outcome;
const isTTY = process.stdout.isTTY === true;
process.stdout.write(renderOutcome(outcome, set.renderers, { format: 'ansi', isTTY }));
const sent = await projectToolCall(set.pipeline, outcome);
const stored = sent.artifact === undefined ? '' : `, the whole output at ${sent.artifact}`;
process.stderr.write(
  `model: ${sent.text.length} characters, ${sent.media.length} media${stored}\n`,
);
await session.settle(outcome.toolUseId);
await set.close();
await session.close();
process.exitCode = outcome.status === 'success' ? 0 : 1;
