import { describe, expect, it } from 'vitest';
import { findBackgroundOperator } from './background-operators.js';

describe('findBackgroundOperator', () => {
  it('returns the operator when a command is sent to the background', () => {
    expect(findBackgroundOperator('sleep 10 &')).toEqual({ operator: '&', index: 9 });
    expect(findBackgroundOperator('nohup server & echo started')).toEqual({
      operator: '&',
      index: 13,
    });
    expect(findBackgroundOperator('sleep 5 & disown')).toEqual({ operator: '&', index: 8 });
    expect(findBackgroundOperator('long; disown -a')).toEqual({ operator: 'disown', index: 6 });
    expect(findBackgroundOperator('coproc cat')).toEqual({ operator: 'coproc', index: 0 });
    expect(findBackgroundOperator('(sleep 1 &)')).toEqual({ operator: '&', index: 9 });
  });

  it('returns undefined for lists, redirections and quoted ampersands', () => {
    const safe = [
      'make && make test',
      'echo oops >&2',
      'cmd 2>&1 | tee log',
      'cmd &> log',
      'cmd &>> log',
      'cmd |& grep x',
      'exec 3<&0',
      "echo 'a & b'",
      'echo "a & b"',
      'echo a \\& b',
      'echo $((5 & 3))',
      'echo ok # & not code',
      'cat <<EOF\nrun & later\nEOF\necho done',
      'case x in x) echo a ;& y) echo b ;; esac',
      'echo disowned',
      'grep -r coprocessor .',
    ];
    expect(safe.map((source) => findBackgroundOperator(source))).toEqual(safe.map(() => undefined));
  });
});
