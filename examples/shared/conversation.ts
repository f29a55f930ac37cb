import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One recorded model turn: tool calls to make, or the final answer. */
export type Turn =
  | { readonly calls: readonly { id: string; name: string; input: Record<string, unknown> }[] }
  | { readonly text: string };

/** A 1×1 PNG (valid CRCs): the image the model is shown. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh workspace with a note and an image. */
export function createWorkspace(): string {
  const workspace = mkdtempSync(path.join(tmpdir(), 'toolcall-example-'));
  mkdirSync(path.join(workspace, 'docs'));
  writeFileSync(path.join(workspace, 'docs', 'launch.md'), 'The launch code is 4217.\n');
  writeFileSync(path.join(workspace, 'pixel.png'), PIXEL_PNG);
  return workspace;
}

/** The recorded conversation: a ToolCall script (Glob and Read in parallel) and an image Read. */
export const READ_CONVERSATION: readonly Turn[] = [
  {
    calls: [
      {
        id: 'call_script',
        name: 'ToolCall',
        input: {
          expression: '(parallel (Glob :pattern "docs/*.md") (Read :file_path "docs/launch.md"))',
        },
      },
      { id: 'call_image', name: 'Read', input: { file_path: 'pixel.png' } },
    ],
  },
  { text: 'The launch code is 4217, and the image is a single pixel.' },
];

/** A script whose nested Bash call writes a file: its permission question must reach a person. */
export const ASK_CONVERSATION: readonly Turn[] = [
  {
    calls: [
      {
        id: 'call_write',
        name: 'ToolCall',
        input: {
          expression:
            '(Bash :command "echo approved > approved.txt" :description "Write the file")',
        },
      },
    ],
  },
  { text: 'Done: approved.txt is written.' },
];

/** A long Bash call, cancelled once it has started (it touches `started` first). */
export const CANCEL_CONVERSATION: readonly Turn[] = [
  {
    calls: [
      {
        id: 'call_sleep',
        name: 'Bash',
        input: { command: 'touch started && sleep 60', description: 'Wait a minute' },
      },
    ],
  },
  { text: 'unreachable' },
];
