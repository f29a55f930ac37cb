// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Bash source, where ${…} is parameter expansion.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BashCommandSegment } from './analysis-types.js';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await createBashAnalyzer();
});

// One line per segment: its command (or `name …` when an argument is dynamic, `opaque name`
// when the analyzer cannot see through it), then ` via a>b` when wrappers were stripped.
function render(segment: BashCommandSegment): string {
  const base =
    segment.opaque !== undefined
      ? `opaque ${segment.name ?? '?'}`
      : (segment.command ?? `${segment.name ?? '?'} …`);
  return segment.via.length > 0 ? `${base} via ${segment.via.join('>')}` : base;
}

const table: [string, string[]][] = [
  // the spellings from the permission issue
  ['git log; rm -f v', ['git log', 'rm -f v']],
  ['git log | rm -f v', ['git log', 'rm -f v']],
  ['git log --format=$(rm -f v)x', ['git …', 'rm -f v']],
  ['git log\nrm -f v', ['git log', 'rm -f v']],
  [' rm x', ['rm x']],
  ['true && rm x', ['true', 'rm x']],
  ['false || rm x', ['false', 'rm x']],
  ['echo `rm x`', ['echo …', 'rm x']],
  ['echo "`rm x`"', ['echo …', 'rm x']],
  ["bash -c 'rm x'", ['rm x via bash -c']],
  ['sh -c "git log; rm x"', ['git log via sh -c', 'rm x via sh -c']],
  ["dash -c 'rm x'", ['rm x via dash -c']],
  ["zsh -c 'rm x'", ['rm x via zsh -c']],
  ["bash -e -x -c 'rm x' name arg", ['rm x via bash -c']],
  ["bash -lc 'rm x'", ['rm x via bash -c']],
  ["bash -o pipefail -c 'rm x'", ['rm x via bash -c']],
  ['bash -c "bash -c \'rm x\'"', ['rm x via bash -c>bash -c']],
  ["eval 'rm x'", ['rm x via eval']],
  ['eval rm x', ['rm x via eval']],
  ["eval 'git log;' rm x", ['git log via eval', 'rm x via eval']],
  ['eval "$x"', ['opaque eval']],
  ['bash -c "$x"', ['opaque bash']],
  ['bash script.sh', ['opaque bash']],
  ['curl -s x | bash', ['curl -s x', 'opaque bash']],
  ['r\\m x', ['rm x']],
  ['\\rm x', ['rm x']],
  ['"rm" x', ['rm x']],
  ["'r'm x", ['rm x']],
  ["$'rm' x", ['rm x']],
  ["$'\\x72m' x", ['rm x']],
  ['/bin/rm x', ['rm x']],
  ['./rm x', ['rm x']],
  ['r\\\nm x', ['rm x']],
  ['command rm x', ['rm x via command']],
  ['command -p rm x', ['rm x via command']],
  ['command -v rm', ['command -v rm']],
  ['builtin eval "rm x"', ['rm x via builtin>eval']],
  ['X=1 rm x', ['rm x']],
  ['X=1 Y=$(id) rm x', ['rm x', 'id']],
  ['$c x', ['opaque ?']],
  ['${c} x', ['opaque ?']],
  ['"$c" x', ['opaque ?']],
  ['$(echo rm) x', ['opaque ?', 'echo rm']],
  ['env -i FOO=1 rm x', ['rm x via env']],
  ['env rm x', ['rm x via env']],
  ['env - PATH=/bin rm x', ['rm x via env']],
  ['env -u HOME -C /tmp rm x', ['rm x via env']],
  ["env -S 'rm x'", ['opaque env']],
  ['env $v rm x', ['opaque env']],
  ['env', ['env']],
  ['nice -n 5 rm x', ['rm x via nice']],
  ['nice -5 rm x', ['rm x via nice']],
  ['nice rm x', ['rm x via nice']],
  ['timeout 5 rm x', ['rm x via timeout']],
  ['timeout -s KILL -k 1 5s rm x', ['rm x via timeout']],
  ['timeout --signal=TERM 5 rm x', ['rm x via timeout']],
  ['nohup rm x', ['rm x via nohup']],
  ['time rm x', ['rm x via time']],
  ['time -p rm x', ['rm x via time']],
  ['xargs rm < list', ['rm via xargs']],
  ['xargs -0 -n 1 rm -f < list', ['rm -f via xargs']],
  ['xargs -I {} mv {} d', ['mv {} d via xargs']],
  ['xargs', ['echo via xargs']],
  ['find . -exec rm {} \\;', ['find . -exec rm {} ;', 'rm {} via find -exec']],
  ["find . -execdir rm {} ';'", ['find . -execdir rm {} ;', 'rm {} via find -execdir']],
  ['find . -exec rm {} +', ['find . -exec rm {} +', 'rm {} via find -exec']],
  [
    'find . -ok rm {} \\; -exec sh -c "rm y" \\;',
    ['find . -ok rm {} ; -exec sh -c rm y ;', 'rm {} via find -ok', 'rm y via find -exec>sh -c'],
  ],
  ['sudo rm x', ['rm x via sudo']],
  ['sudo -u root -E LANG=C rm x', ['rm x via sudo']],
  ['sudo -i', ['opaque sudo']],
  ['sudo env rm x', ['rm x via sudo>env']],
  ['doas rm x', ['rm x via doas']],
  ['exec rm x', ['rm x via exec']],
  ['exec -a name rm x', ['rm x via exec']],
  ['exec >log', ['opaque exec']],
  ['stdbuf -oL rm x', ['rm x via stdbuf']],
  ['setsid rm x', ['rm x via setsid']],
  ['flock /tmp/l rm x', ['rm x via flock']],
  ['flock -n /tmp/l -c "rm x"', ['rm x via flock']],
  ['chroot /srv rm x', ['rm x via chroot']],
  ['chroot /srv', ['opaque chroot']],
  ['watch -n 1 rm x', ['rm x via watch']],
  ['watch -x rm x', ['rm x via watch']],
  ['trap "rm x" EXIT', ['trap rm x EXIT', 'rm x via trap']],
  ['trap - EXIT', ['trap - EXIT']],
  ['source ./x', ['opaque source']],
  ['. ./x', ['opaque .']],
  ["alias ls='rm x'", ['opaque alias']],
  ['mapfile -C cb a', ['opaque mapfile']],
  ['cat <(rm x)', ['cat …', 'rm x']],
  ['tee >(rm x) < f', ['tee …', 'rm x']],
  ['cat <<< "$(rm x)"', ['cat', 'rm x']],
  ['cat <<EOF\n$(rm x)\nEOF', ['cat', 'rm x']],
  ["cat <<'EOF'\n$(rm x)\nEOF", ['cat']],
  ['cat <<EOF\n`rm x`\nEOF', ['opaque ?']],
  ['coproc rm x', ['rm x via coproc']],
  ['time coproc rm x', ['rm x via time>coproc']],
  ['[ -f x ] && rm x', ['[ …', 'rm x']],
  ['test -f x || rm x', ['test -f x', 'rm x']],
  ['command -- rm x', ['rm x via command']],
  ['env -- rm x', ['rm x via env']],
  ['builtin command rm x', ['rm x via builtin>command']],
  ['echo x | sudo tee /etc/x', ['echo x', 'tee /etc/x via sudo']],
  ['select x in a; do rm x; done', ['rm x']],
  ['function rm { :; }; rm x', [':', 'rm x']],
  ['rm$IFS x', ['opaque ?']],
  ["$'\\162m' x", ['rm x']],
  ["$'r\\x00m' x", ['opaque ?']],
  ["$'\\u0072m' x", ['opaque ?']],
  ['{rm,x}', ['opaque ?']],
  ["bash <<< 'rm x'", ['opaque bash']],
  ['bash -s', ['opaque bash']],
  [
    'find . -exec sh -c \'rm "$1"\' _ {} \\;',
    ['find . -exec sh -c rm "$1" _ {} ;', 'rm … via find -exec>sh -c'],
  ],
  ['f() { rm x; }; f', ['rm x', 'f']],
  ['function f { rm x; }', ['rm x']],
  ['for i in 1; do rm x; done', ['rm x']],
  ['for i in $(ls); do rm "$i"; done', ['ls', 'rm …']],
  ['while read l; do rm x; done < list', ['read l', 'rm x', '']],
  ['until false; do rm x; done', ['false', 'rm x']],
  ['case x in x) rm x;; esac', ['rm x']],
  ['(rm x)', ['rm x']],
  ['{ rm x; }', ['rm x']],
  ['if true; then rm x; fi', ['true', 'rm x']],
  ['if false; then :; elif true; then rm x; else rm y; fi', ['false', ':', 'true', 'rm x', 'rm y']],
  ['! rm x', ['rm x']],
  ['rm x &', ['rm x']],
  ['x=$(rm x)', ['', 'rm x']],
  ['export A=$(rm x)', ['export …', 'rm x']],
  ['local a=`rm x`', ['local …', 'rm x']],
  ['[[ $(rm x) ]]', ['[[ …', 'rm x']],
  ['(( $(rm x) ))', ['(( …', 'rm x']],
  ['{ ls; } > out', ['ls', '']],
  ['echo ${x:-$(rm x)}', ['echo …', 'rm x']],
  ['rm x; ((((', ['opaque ?']],
  ['echo "unterminated', ['opaque ?']],
  ['if true; then rm x', ['opaque ?']],
  ['', []],
  ['# only a comment', []],
];

describe('analysis.segments', () => {
  it.each(table)('lists the commands of %j', (source, expected) => {
    expect(analyzer.analyze(source).segments.map(render)).toEqual(expected);
  });

  it('returns one opaque segment covering an unparsable source', () => {
    const source = 'git log; rm x; )';
    expect(analyzer.analyze(source).segments).toEqual([
      {
        text: source,
        name: null,
        argv: null,
        command: null,
        readOnly: false,
        opaque: 'source does not parse',
        via: [],
        assignments: [],
        redirections: [],
      },
    ]);
  });

  it('keeps the name and the wrappers of a segment seen through them', () => {
    expect(analyzer.analyze('sudo -u bob env LANG=C /usr/bin/git log -1').segments).toEqual([
      {
        text: 'sudo -u bob env LANG=C /usr/bin/git log -1',
        name: 'git',
        argv: ['git', 'log', '-1'],
        command: 'git log -1',
        readOnly: false,
        via: ['sudo', 'env'],
        assignments: ['LANG=C'],
        redirections: [],
      },
    ]);
  });

  it('marks commands run by xargs and find -exec as taking unseen arguments', () => {
    const [xargs] = analyzer.analyze('xargs cat').segments;
    expect(xargs).toMatchObject({ command: 'cat', appendsArguments: true, readOnly: true });
    const [, grep] = analyzer.analyze('find . -exec grep -l x {} +').segments;
    expect(grep).toMatchObject({ command: 'grep -l x {}', appendsArguments: true, readOnly: true });
    const [git] = analyzer.analyze('xargs git log').segments;
    expect(git).toMatchObject({ command: 'git log', readOnly: false });
  });

  it('proves a segment read-only only by itself and its own redirections', () => {
    const readOnly = (source: string) => analyzer.analyze(source).segments.map((s) => s.readOnly);
    // git and rg are proved only in a read-only source, the only one launched hardened.
    expect(readOnly('git log; rm -f v')).toEqual([false, false]);
    expect(readOnly('git log; ls')).toEqual([true, true]);
    expect(readOnly('cd sub && git status')).toEqual([true, false]);
    expect(readOnly('rg x; touch y')).toEqual([false, false]);
    expect(readOnly('cat x; touch y')).toEqual([true, false]);
    expect(readOnly('ls > out')).toEqual([false]);
    expect(readOnly('ls 2>/dev/null')).toEqual([true]);
    expect(readOnly('PAGER=evil git log')).toEqual([false]);
    expect(readOnly('LANG=C git log')).toEqual([true]);
    expect(readOnly('LANG=C git log; touch x')).toEqual([false, false]);
    expect(readOnly('PATH=/tmp/evil')).toEqual([false]);
    expect(readOnly('x=1')).toEqual([true]);
    expect(readOnly("x='a[$(rm y)]'; echo $((x))")).toEqual([true, false]);
    expect(readOnly('git() { rm x; }; git log')).toEqual([false, false]);
    expect(readOnly('sudo ls')).toEqual([false]);
    expect(readOnly('timeout 5 ls')).toEqual([true]);
    expect(readOnly('nohup ls')).toEqual([false]);
    expect(readOnly("bash -c 'ls'")).toEqual([true]);
    expect(readOnly("bash -lc 'ls'")).toEqual([false]);
    expect(readOnly("sh -c 'ls'")).toEqual([false]);
    expect(readOnly('[[ -f x ]]')).toEqual([true]);
    expect(readOnly('[[ x -eq 1 ]]')).toEqual([false]);
    expect(readOnly('(( 1 ))')).toEqual([false]);
    expect(readOnly('{ ls; } > out')).toEqual([true, false]);
    expect(readOnly('cat < /dev/tcp/example.com/80')).toEqual([false]);
  });

  it('reports background use reached through wrappers and nested shells', () => {
    const kinds = (source: string) => analyzer.analyze(source).background.map((use) => use.kind);
    expect(kinds('time coproc sleep 1')).toEqual(['coproc']);
    expect(kinds('nice setsid sleep 1')).toEqual(['setsid']);
    expect(kinds("bash -c 'sleep 1 &'")).toEqual(['ampersand']);
    expect(kinds("eval 'sleep 1 & disown'")).toEqual(['ampersand', 'disown']);
    expect(kinds('((1 & 2))')).toEqual([]);
    expect(kinds('echo $((1 & 2))')).toEqual([]);
  });

  it('stops at a nesting limit with an opaque segment', () => {
    let source = 'rm x';
    for (let level = 0; level < 12; level += 1) source = `eval ${JSON.stringify(source)}`;
    const segments = analyzer.analyze(source).segments;
    expect(segments.map((segment) => segment.opaque)).toEqual([
      'nested shell code too deep to analyse',
    ]);
  });

  it('never throws and never returns an empty list for an unparsable source', () => {
    for (const source of ['(((', 'if', '"', "'", '$(', '`', 'a\u0000b', '<<EOF', 'case x in']) {
      const analysis = analyzer.analyze(source);
      if (!analysis.parsed) expect(analysis.segments.length).toBe(1);
    }
  });
});
