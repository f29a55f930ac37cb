import { describe, expect, it } from 'vitest';
import { judgeSedScript, type SedScriptEffect } from './sed-script.js';

describe('judgeSedScript', () => {
  const table: [string, SedScriptEffect][] = [
    ['p', 'read-only'],
    ['1,5p', 'read-only'],
    ['s/a/b/g', 'read-only'],
    ['s|a/b|c|2p', 'read-only'],
    ['/start/,/end/d', 'read-only'],
    ['$!N;s/\\n/ /;P;D', 'read-only'],
    ['\\,x,p', 'read-only'],
    ['0~3p', 'read-only'],
    ['/x/{p;d}', 'read-only'],
    ['y/abc/xyz/', 'read-only'],
    ['1i\\\nheader', 'read-only'],
    ['a appended text', 'read-only'],
    ['r other.txt', 'read-only'],
    [':top\nN;b top', 'read-only'],
    ['10q', 'read-only'],
    ['# comment\np', 'read-only'],
    ['w out', 'writes'],
    ['1W out', 'writes'],
    ['s/a/b/w out', 'writes'],
    ['s/a/b/gw out', 'writes'],
    ['e date', 'executes'],
    ['s/a/date/e', 'executes'],
    ['s/a/b', 'unknown'],
    ['k', 'unknown'],
    ['s/a/b/x', 'unknown'],
    ['/unterminated', 'unknown'],
  ];

  it.each(table)('judges %j as %s', (script, effect) => {
    expect(judgeSedScript(script)).toBe(effect);
  });
});
