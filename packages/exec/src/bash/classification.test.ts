// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are Bash source, where ${…} is parameter expansion.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BashClassification } from './analysis-types.js';
import { type BashAnalyzer, createBashAnalyzer } from './create-bash-analyzer.js';

const R: BashClassification = 'read-only';
const M: BashClassification = 'mutating';
const U: BashClassification = 'unknown';

// [command, expected classification]; grouped by the rule each row exercises.
const table: [string, BashClassification][] = [
  // plain read-only commands
  ['ls', R],
  ['ls -la src', R],
  ['pwd', R],
  ['cat README.md', R],
  ['head -n 20 src/index.ts', R],
  ['tail -f log.txt', R],
  ['wc -l *.ts', R],
  ['echo hello world', R],
  ['printf "%s\\n" a b', R],
  ['file package.json', R],
  ['stat -c %s file', R],
  ['du -sh .', R],
  ['df -h', R],
  ['which node', R],
  ['type ls', R],
  ['basename /a/b.txt', R],
  ['dirname /a/b.txt', R],
  ['realpath .', R],
  ['true', R],
  [':', R],
  ['diff a.txt b.txt', R],
  ['cmp a b', R],
  ['cut -d: -f1 /etc/passwd', R],
  ['tr a-z A-Z < in.txt', R],
  ['uniq -c counts.txt', R],
  ['tree -L 2', R],
  ['date +%Y-%m-%d', R],
  ['date', R],
  ['hostname', R],
  ['id -u', R],
  ['uname -a', R],
  ['env', R],
  ['env -0', R],
  ['printenv PATH', R],
  ['seq 1 10', R],
  ['jq .name package.json', R],
  ['cd src', R],
  ['cd src && ls', R],
  ['command -v git', R],
  ['test -f x', R],
  ['[ -d src ]', R],
  ['md5sum a b', R],
  ['sha256sum dist/index.js', R],
  ['nl -ba file', R],
  ['rev file', R],
  // grep and ripgrep
  ['grep -rn TODO src', R],
  ['grep -c foo file', R],
  ['egrep "a|b" f', R],
  ['grep "$pattern" file', R],
  ['rg -n "fn main" --type rust', R],
  ['rg -l TODO', R],
  ['rg --files', R],
  ['rg --pre cat foo', U],
  ['rg --pre=./x foo', U],
  ['rg -z foo', U],
  ['rg --search-zip foo', U],
  ['rg -e z foo', R],
  ['rg -iz foo', U],
  // find
  ['find . -name "*.ts"', R],
  ['find src -type f -newer x', R],
  ['find . -delete', M],
  ['find . -name "*.o" -delete', M],
  ['find . -exec rm {} \\;', U],
  ['find . -execdir ls \\;', U],
  ['find . -ok rm {} \\;', U],
  ['find . -fprint out', M],
  ['find . -fprintf out %p', M],
  ['find . -fls out', M],
  ['find $dir -name x', U],
  ['find . -maxdepth 1 -print0', R],
  // sed
  ['sed -n 1,5p file', R],
  ["sed 's/a/b/g' file", R],
  ['sed -e s/x/y/ -e 3d f', R],
  ['sed -i s/a/b/ f', M],
  ['sed -i.bak s/a/b/ f', M],
  ['sed -ni p f', M],
  ['sed --in-place s/a/b/ f', M],
  ["sed 's/a/b/w out' f", M],
  ["sed 'w out' f", M],
  ["sed '1e date' f", U],
  ["sed 's/a/date/e' f", U],
  ['sed -f script.sed f', U],
  ["sed -n '/start/,/end/p' f", R],
  ["sed '$!N;s/\\n/ /' f", R],
  ['sed -E "s/(a)+/b/" f', R],
  ["sed 'y/abc/xyz/' f", R],
  ["sed '/x/{p;d}' f", R],
  ['sed $script f', U],
  // sort, tee, uniq, xxd and others with output operands
  ['sort file', R],
  ['sort -u -k2 file', R],
  ['sort -o out file', M],
  ['sort -no out file', M],
  ['sort --output=out file', M],
  ['sort --outp=out file', M],
  ['sort --o=out f', M],
  ['sort --comp=gzip f', U],
  ['sed --in=.bak s/a/b/ f', M],
  ['git log --outp=x', U],
  ['git diff --ext', U],
  ['git grep --open x', U],
  ['date --s=now', M],
  ['tree --out x', M],
  ['sort --compress-program=gzip f', U],
  ['tee out', M],
  ['tee -a log', M],
  ['tee', R],
  ['tee /dev/null', R],
  ['uniq in out', M],
  ['xxd file', R],
  ['xxd file out', M],
  ['tree -o out', M],
  ['date -s 2020-01-01', M],
  ['tree -R -H .', M],
  ['date 0101120020', M],
  ['date -d yesterday +%F', R],
  ['date --date="2 days ago"', R],
  ['hostname newname', M],
  ['file -C -m magic', M],
  // git
  ['git status', R],
  ['git status --short', R],
  ['git log --oneline -5', R],
  ['git diff HEAD~1', R],
  ['git show HEAD:src/x.ts', R],
  ['git branch', R],
  ['git branch --list "feat*"', R],
  ['git branch -a', R],
  ['git branch -vv', R],
  ['git branch --show-current', R],
  ['git branch new-feature', M],
  ['git branch -D old', M],
  ['git -C sub status', U],
  ['git --no-pager log', R],
  ['git -c core.pager=less log', U],
  ['git -c core.pager="rm -rf ~" log', U],
  ['git --config-env=core.pager=X log', U],
  ['git -p log', U],
  ['git diff --output=patch.txt', M],
  ['git log --output=x', M],
  ['git diff --ext-diff', U],
  ['git grep -O foo', U],
  ['git grep -n foo', R],
  ['git rev-parse HEAD', R],
  ['git ls-files', R],
  ['git blame src/x.ts', R],
  ['git tag', R],
  ['git tag -l', R],
  ['git tag v1.0', M],
  ['git tag -l -d v1', M],
  ['git tag --list "v*"', R],
  ['git stash list', R],
  ['git stash', M],
  ['git remote -v', R],
  ['git remote add o url', U],
  ['git config --get user.name', R],
  ['git config user.name me', U],
  ['git commit -m wip', M],
  ['git push', M],
  ['git add -A', M],
  ['git checkout main', M],
  ['git reset --hard', M],
  ['git frobnicate', U],
  ['git', R],
  // writing redirections
  ['> file', M],
  ['echo hi > out.txt', M],
  ['echo hi >> log', M],
  ['ls >| out', M],
  ['ls &> all.log', M],
  ['ls &>> all.log', M],
  ['ls >& out', M],
  ['cat in > out', M],
  ['printf x > "$file"', M],
  ['echo hi 1>out', M],
  ['ls 2> err.log', M],
  ['cat a | tee b', M],
  // redirections that do not write
  ['ls 2>&1', R],
  ['ls >&2', R],
  ['echo err 1>&2', R],
  ['ls >/dev/null', R],
  ['ls 2>/dev/null', R],
  ['ls &>/dev/null', R],
  ['ls >/dev/null 2>&1', R],
  ['wc -l < input.txt', R],
  ['cat <<< "hello"', R],
  ['cat 0<&3', R],
  ['cat < /dev/tcp/example.com/80', U],
  ['echo x > /dev/tcp/h/1', M],
  ['ls 3>&-', R],
  ['ls > /dev/stdout', M],
  // heredocs
  ['cat <<EOF\nhello\nEOF', R],
  ["cat <<'EOF'\n$(rm x)\nEOF", R],
  ['cat <<EOF\nhi $(rm x)\nEOF', M],
  ['cat <<EOF > out\nx\nEOF', M],
  ['cat <<EOF | wc -l\nx\nEOF', R],
  ['cat <<-EOF\n\tindented\n\tEOF', R],
  ["cat <<'E F'\nx\nE F", R],
  ['cat <<\\EOF\n$(x)\nEOF', R],
  ['find<<EOF\nwhilecase|&;$x}>&2if', U],
  ['cat <<EOF | wc -l\nfoo', U],
  // quoting
  ["echo 'a > b'", R],
  ['echo "a > b"', R],
  ['echo a\\>b', R],
  ["grep '$(rm x)' file", R],
  ['echo "$(rm x)"', M],
  ["echo $'\\x41'", R],
  ['"ls" -la', R],
  ["'cat' file", R],
  // substitutions
  ['echo $(rm x)', M],
  ['echo `rm x`', M],
  ['echo $(ls)', U],
  ['cat <(ls)', U],
  ['diff <(ls a) <(ls b)', U],
  ['ls > >(cat)', M],
  ['echo $((1+2))', U],
  ['echo ${x:-default}', U],
  ['echo ${#x}', U],
  ['echo ${a[1]}', U],
  // dynamic executables and assignments
  ['$x args', U],
  ['"$cmd" file', U],
  ['${tool} x', U],
  ['x=1', R],
  ['x=1; echo $x', R],
  ['PATH=/tmp ls', U],
  ['LC_ALL=C sort file', R],
  ['LD_PRELOAD=x.so ls', U],
  ['HOME=/tmp; ls', U],
  ['a[1]=2', U],
  ['export FOO=1', U],
  ['declare -a x', U],
  ['local y', U],
  ['unset x', U],
  ['/bin/ls', U],
  ['./script.sh', U],
  // lists, pipelines and background
  ['ls && pwd', R],
  ['ls || echo none', R],
  ['ls; pwd', R],
  ['ls | wc -l', R],
  ['ls | xargs rm', M],
  ['ls | xargs grep x', U],
  ['cat f | sort | uniq -c | sort -rn | head', R],
  ['ls &', U],
  ['ls & pwd', U],
  ['sleep 10 & disown', U],
  ['nohup sleep 10 &', U],
  ['nohup ls', U],
  ['disown', U],
  ['coproc cat', U],
  ['setsid sleep 1', U],
  ['(ls &)', U],
  ['ls && rm x', M],
  ['rm -rf /', M],
  ['mv a b', M],
  ['cp a b', M],
  ['mkdir -p x', M],
  ['touch x', M],
  ['chmod +x f', M],
  ['ln -s a b', M],
  ['kill 1', M],
  ['dd if=a of=b', M],
  // compound commands
  ['for f in *.txt; do wc -l "$f"; done', R],
  ['for f in *.txt; do rm "$f"; done', M],
  ['for PATH in /tmp/x; do ls; done', U],
  ['for IFS in x; do ls; done', U],
  ['if [ -f x ]; then cat x; else echo none; fi', R],
  ['while true; do ls; done', R],
  ['(cd src && ls)', R],
  ['{ ls; pwd; } 2>/dev/null', R],
  ['case $x in a) ls;; esac', R],
  ['! grep -q x f', R],
  ['f() { ls; }; f', U],
  ['[[ -f x ]]', U],
  ['((i++))', U],
  ['for ((i=0;i<3;i++)); do ls; done', U],
  ['[ -v x ]', U],
  ['test -v x', U],
  ['eval ls', U],
  ['source ./env.sh', U],
  ['. ./env.sh', U],
  ['exec ls', U],
  ['time ls', U],
  ['timeout 5 ls', U],
  ['awk "{print}" f', U],
  ['python3 -c 1', U],
  ['npm test', U],
  ['bash -c ls', U],
  ['sh script.sh', U],
  ['env ls', U],
  ['env FOO=1 rm x', U],
  ['printf -v x foo', U],
  ['printf $fmt', U],
  ['curl https://example.com', U],
  ['less file', U],
  // unparsable and degenerate
  ['echo "unterminated', U],
  ['ls )', U],
  ['if then fi', U],
  ['', U],
  ['   ', U],
  ['ls <> file', U],
  ['cat < <(ls)', U],
  ['# just a comment', R],
  // words tree-sitter attaches to a redirection still belong to the command
  ['sort > /dev/null -o out file', M],
  ['ls >/dev/null -la', R],
  ['echo hi > /dev/null rm x', R],
  ['sed < in -i s/a/b/ f', M],
  ['>/dev/null find . -delete', M],
  ['2>/dev/null git branch -D x', M],
];

describe('classification table', () => {
  let analyzer: BashAnalyzer;
  beforeAll(async () => {
    analyzer = await createBashAnalyzer();
  });

  it('has at least 150 rows', () => {
    expect(table.length).toBeGreaterThanOrEqual(150);
  });

  it.each(table)('classifies %j as %s', (command, expected) => {
    const analysis = analyzer.analyze(command);
    expect({ command, classification: analysis.classification, reasons: analysis.reasons }).toEqual(
      {
        command,
        classification: expected,
        reasons: expected === 'read-only' ? [] : expect.arrayContaining([expect.any(String)]),
      },
    );
  });
});

// Every name, size and modification time under `root`, to compare before and after a run.
function listTree(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stats = statSync(join(root, name));
      return `${name} ${stats.size} ${stats.mtimeMs}`;
    });
}

describe('commands proven read-only', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolcall-read-only-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  // Rows that never end on their own are left to the classification table.
  const runnable = table.filter(
    ([command, expected]) => expected === 'read-only' && !/while true|tail -f|yes/.test(command),
  );

  it.each(runnable)('leave the directory unchanged when bash runs %j', (command) => {
    mkdirSync(join(scratch, 'src'), { recursive: true });
    for (const name of [
      'a',
      'b',
      'a.txt',
      'b.txt',
      'f',
      'file',
      'in.txt',
      'input.txt',
      'x',
      'README.md',
      'package.json',
    ]) {
      writeFileSync(join(scratch, name), 'alpha\nbeta\n');
    }
    const before = listTree(scratch);
    const result = spawnSync('bash', ['--noprofile', '--norc', '-p', '-c', command], {
      cwd: scratch,
      stdio: 'ignore',
      timeout: 10_000,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
    });
    expect({ error: result.error, tree: listTree(scratch) }).toEqual({
      error: undefined,
      tree: before,
    });
  });
});
