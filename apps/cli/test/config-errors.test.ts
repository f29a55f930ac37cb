import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, toolcall } from './helpers.js';

/** A workspace whose `.toolcall/config.json` (or user config) holds `text`. */
function workspaceWith(text: string, where: 'workspace' | 'user' = 'workspace') {
  const dir = tempDir();
  const folder = where === 'workspace' ? join(dir, '.toolcall') : join(dir, '.xdg', 'toolcall');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'config.json');
  writeFileSync(file, text);
  return { dir, file };
}

async function errorsOf(text: string, where: 'workspace' | 'user' = 'workspace') {
  const { dir, file } = workspaceWith(text, where);
  const result = await toolcall(['run', '-e', '1'], { cwd: dir }).done;
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr
    .replace(/^toolcall run: /, '')
    .trimEnd()
    .split('\n');
  // Every line names the file.
  for (const line of lines) expect(line.startsWith(`${file}: at $`)).toBe(true);
  return lines.map((line) => line.slice(file.length + 2));
}

describe('config file errors', () => {
  it('reports every problem, each with its JSON path', async () => {
    expect(
      await errorsOf('{"permissions":{"allow":[1],"mode":"sometimes"},"sandbox":true}'),
    ).toEqual([
      'at $.permissions.allow.0: expected string, received number',
      'at $.permissions.mode: Invalid option: expected one of "ask"|"edits"|"full-auto"',
      'at $.sandbox: Invalid option: expected one of "off"|"best-effort"|"required"',
    ]);
  });

  it('lists the allowed keys for an unknown key, at the top and nested', async () => {
    expect(await errorsOf('{"permision":{},"permissions":{"alow":[]}}')).toEqual([
      'at $.permissions: unknown key "alow"; expected only allow, deny, ask, mode',
      'at $: unknown key "permision"; expected only permissions, sandbox, hooks, upstreams, toolCall, telemetry',
    ]);
    expect(await errorsOf('{"hooks":[{"event":"PreToolUse","command":"x","timeout":5}]}')).toEqual([
      'at $.hooks.0: unknown key "timeout"; expected only event, matcher, command, timeoutMs',
    ]);
  });

  it('states the pattern for a bad upstream name', async () => {
    expect(await errorsOf('{"upstreams":{"Bad Name":{"command":"srv"}}}')).toEqual([
      'at $.upstreams["Bad Name"]: bad key "Bad Name": expected a name matching /^[a-z][a-z0-9_-]*$/',
    ]);
  });

  it('describes the expected shape of a container of the wrong type, and a missing key', async () => {
    expect(await errorsOf('[]')).toEqual([
      'at $: expected an object with keys permissions, sandbox, hooks, upstreams, toolCall, telemetry, received array',
    ]);
    expect(
      await errorsOf('{"permissions":{"deny":"Read"},"hooks":{},"upstreams":{"gh":{"args":[]}}}'),
    ).toEqual([
      'at $.permissions.deny: expected an array of strings, received string',
      'at $.hooks: expected an array of objects with keys event, matcher, command, timeoutMs, received object',
      'at $.upstreams.gh.command: missing: expected string',
    ]);
    expect(await errorsOf('{"upstreams":[]}')).toEqual([
      'at $.upstreams: expected an object of NAME: { command, args, composable }, received array',
    ]);
  });

  it('checks the toolCall settings: the listing budget and the Returned row threshold', async () => {
    expect(
      await errorsOf(
        '{"toolCall":{"contextWindow":0,"listingShare":2,"returnedLineThreshold":-1,"share":1}}',
      ),
    ).toEqual([
      'at $.toolCall.contextWindow: Too small: expected number to be >0',
      'at $.toolCall.listingShare: Too big: expected number to be <=1',
      'at $.toolCall.returnedLineThreshold: Too small: expected number to be >=0',
      'at $.toolCall: unknown key "share"; expected only contextWindow, listingShare, returnedLineThreshold, parallelism, limits',
    ]);
  });

  it('checks the parallelism cap and every interpreter budget, naming the budgets', async () => {
    expect(
      await errorsOf(
        '{"toolCall":{"parallelism":1.5,"limits":{"steps":0,"wallTime":"1s","nestedCalls":-2,"step":9}}}',
      ),
    ).toEqual([
      'at $.toolCall.parallelism: expected an integer, received 1.5',
      'at $.toolCall.limits.steps: Too small: expected number to be >0',
      'at $.toolCall.limits.wallTime: expected number, received string',
      'at $.toolCall.limits.nestedCalls: Too small: expected number to be >0',
      'at $.toolCall.limits: unknown key "step"; expected only scriptBytes, syntaxNodes, depth, steps, wallTime, nestedCalls, recursionDepth, transformedSize, regexpWork, numericSize, valueSize, retainedValues',
    ]);
    expect(await errorsOf('{"toolCall":{"parallelism":0,"limits":[]}}')).toEqual([
      'at $.toolCall.parallelism: Too small: expected number to be >0',
      'at $.toolCall.limits: expected an object with keys scriptBytes, syntaxNodes, depth, steps, wallTime, nestedCalls, recursionDepth, transformedSize, regexpWork, numericSize, valueSize, retainedValues, received array',
    ]);
  });

  it('takes "read-only" or a list of tool names as an upstream\'s composable tools', async () => {
    expect(
      await errorsOf(
        '{"upstreams":{"a":{"command":"x","composable":"all"},"b":{"command":"x","composable":["ok",""]}}}',
      ),
    ).toEqual([
      'at $.upstreams.a.composable: expected "read-only" or an array of tool names',
      'at $.upstreams.b.composable.1: Too small: expected string to have >=1 characters',
    ]);
  });

  it('checks the telemetry switch', async () => {
    expect(await errorsOf('{"telemetry":"off"}')).toEqual([
      'at $.telemetry: expected boolean, received string',
    ]);
  });

  it('checks permission rules where the file writes them', async () => {
    expect(await errorsOf('{"permissions":{"allow":["Read"],"deny":["Read(path:x",""]}}')).toEqual([
      "at $.permissions.deny.0: bad rule 'Read(path:x': expected TOOL or TOOL(SPEC)",
      "at $.permissions.deny.1: bad rule '': expected TOOL or TOOL(SPEC)",
    ]);
  });

  it('names the flag of a bad rule on the command line', async () => {
    const result = await toolcall(['run', '--ask', 'Bash(x', '-e', '1']).done;
    expect([result.code, result.stderr]).toEqual([
      2,
      "toolcall run: --ask: bad rule 'Bash(x': expected TOOL or TOOL(SPEC)\n",
    ]);
  });

  it('says which file is not JSON', async () => {
    const { dir, file } = workspaceWith('{"permissions":');
    const result = await toolcall(['run', '-e', '1'], { cwd: dir }).done;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^toolcall run: ${file}: not JSON \\(`));
  });
});

describe('the user config under $XDG_CONFIG_HOME/toolcall/config.json', () => {
  it('is named in its errors', async () => {
    expect(await errorsOf('{"permissions":{"ask":["(path:"]}}', 'user')).toEqual([
      "at $.permissions.ask.0: bad rule '(path:': expected TOOL or TOOL(SPEC)",
    ]);
  });

  it('is loaded: its deny rule stops a call, and the workspace file adds to it', async () => {
    const { dir } = workspaceWith('{"permissions":{"deny":["Read(path:**/secret.txt)"]}}', 'user');
    writeFileSync(join(dir, 'secret.txt'), 'hidden\n');
    writeFileSync(join(dir, 'open.txt'), 'visible\n');
    const denied = await toolcall(['call', 'Read', 'file_path=secret.txt'], { cwd: dir }).done;
    expect(denied.code).toBe(3);
    expect(denied.stdout).not.toContain('hidden');
    const allowed = await toolcall(['call', 'Read', 'file_path=open.txt', '--json'], { cwd: dir })
      .done;
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout).result).toContain('visible');
    mkdirSync(join(dir, '.toolcall'), { recursive: true });
    writeFileSync(
      join(dir, '.toolcall', 'config.json'),
      '{"permissions":{"deny":["Read(path:**/open.txt)"]}}',
    );
    const both = await toolcall(['call', 'Read', 'file_path=open.txt'], { cwd: dir }).done;
    expect(both.code).toBe(3);
  });
});
