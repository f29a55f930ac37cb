import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { bin, tempDir, toolcall } from './helpers.js';
import {
  expectImageKept,
  expectOutputKept,
  LONG_OUTPUT,
  PNG,
  plantImage,
  READ_IMAGE,
  sessionDirectory,
} from './session-output.js';

type Content = { type: string; text?: string; data?: string; mimeType?: string };

describe('the session of a command', () => {
  it('keeps a read image as media and an oversized output as an artifact (call)', async () => {
    const dir = tempDir();
    plantImage(dir);
    const json = (input: Record<string, unknown>) => [
      '--json',
      '--session',
      's1',
      '--args',
      JSON.stringify(input),
    ];
    const read = await toolcall(['call', 'Read', ...json(READ_IMAGE)], { cwd: dir }).done;
    expect(read.code).toBe(0);
    const image = JSON.parse(read.stdout) as {
      result: string;
      media: { id: string; mimeType: string }[];
    };
    expectImageKept(dir, 's1', image.result, image.media);
    const bash = await toolcall(['call', 'Bash', '--yes', ...json(LONG_OUTPUT)], { cwd: dir }).done;
    expect(bash.code).toBe(0);
    expectOutputKept(dir, 's1', (JSON.parse(bash.stdout) as { result: string }).result);
  });

  it('keeps a read image as media and sends it, and an oversized output as an artifact (mcp)', async () => {
    const dir = tempDir();
    plantImage(dir);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', '--session', 's1', '--allow', 'Bash'],
        cwd: dir,
        env: { ...process.env, XDG_CONFIG_HOME: `${dir}/.xdg` } as Record<string, string>,
        stderr: 'ignore',
      }),
    );
    try {
      const read = (await client.callTool({ name: 'Read', arguments: READ_IMAGE }))
        .content as Content[];
      const [text, image] = read;
      // MCP names no media ids: the one file in the session's media is the image sent.
      const kept = readdirSync(join(sessionDirectory(dir, 's1'), 'media'));
      const media = kept.map((name) => ({ id: name.replace(/\.png$/, ''), mimeType: 'image/png' }));
      expectImageKept(dir, 's1', String(text?.text), media);
      expect(image).toEqual({ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' });
      const bash = (await client.callTool({ name: 'Bash', arguments: LONG_OUTPUT }))
        .content as Content[];
      expectOutputKept(dir, 's1', String(bash[0]?.text));
    } finally {
      await client.close();
    }
  });
});
