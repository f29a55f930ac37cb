import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  type FixtureWorkspace,
  fixtureFiles,
} from '../src/fixture/build-workspace.js';
import { generatedFiles, SPEC_PDF } from '../src/fixture/generated.js';
import { HISTORY } from '../src/fixture/history.js';
import { crc32 } from '../src/fixture/png.js';

const git = (workspace: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: workspace, encoding: 'utf8' }).trim();

let first: FixtureWorkspace;
let second: FixtureWorkspace;
beforeAll(() => {
  first = buildFixture();
  second = buildFixture();
});
afterAll(() => {
  first.remove();
  second.remove();
});

describe('buildFixture', () => {
  it('gives the same commits, tags and files on every build', () => {
    expect(git(first.workspace, 'rev-parse', 'HEAD', 'v0.1.0')).toBe(
      git(second.workspace, 'rev-parse', 'HEAD', 'v0.1.0'),
    );
    expect(git(first.workspace, 'log', '--format=%an %aI %s')).toBe(
      git(second.workspace, 'log', '--format=%an %aI %s'),
    );
    expect(git(first.workspace, 'status', '--porcelain')).toBe('');
  });

  it('commits every fixture file in its final form, once per history step', () => {
    expect(git(first.workspace, 'rev-list', '--count', 'HEAD')).toBe(String(HISTORY.length));
    for (const [path, bytes] of fixtureFiles()) {
      expect(readFileSync(join(first.workspace, path)).equals(bytes), path).toBe(true);
    }
  });

  it('dates a line by the commit that added it', () => {
    const blame = git(
      first.workspace,
      'blame',
      '--date=short',
      '-L',
      '10,10',
      '--',
      'packages/cli/src/main.ts',
    );
    expect(blame).toContain('(Ben Ortiz 2024-03-08 10)');
    expect(blame).toContain('TODO');
  });
});

describe('generated files', () => {
  it('are byte-for-byte the same on every call', () => {
    const [a, b] = [generatedFiles(), generatedFiles()];
    for (const [path, bytes] of a) expect(bytes.equals(b.get(path) as Buffer)).toBe(true);
  });

  it('writes PNG chunks with valid CRCs and the declared number of pixels', () => {
    const png = generatedFiles().get('assets/logo.png') as Buffer;
    let offset = 8;
    const chunks: { type: string; data: Buffer }[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('latin1', offset + 4, offset + 8);
      const data = png.subarray(offset + 8, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length)).toBe(
        crc32(png.subarray(offset + 4, offset + 8 + length)),
      );
      chunks.push({ type, data });
      offset += 12 + length;
    }
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(inflateSync(chunks[1]?.data as Buffer).length).toBe((48 * 3 + 1) * 48);
  });

  it('writes a PDF that pdfinfo and pdftotext read', () => {
    const info = execFileSync('pdfinfo', [join(first.workspace, 'docs/spec.pdf')], {
      encoding: 'utf8',
    });
    expect(info).toMatch(new RegExp(`Title:\\s+${SPEC_PDF.title}`));
    expect(info).toMatch(/Pages:\s+2/);
    const text = execFileSync('pdftotext', [join(first.workspace, 'docs/spec.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Billing calls time out after 5 seconds');
  });
});

describe('crc32', () => {
  it('matches the check value of the standard', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });
});
