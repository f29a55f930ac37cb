import { describe, expect, it } from 'vitest';
import { type Clock, evaluate, type ToolBinding } from './index.js';

const echo: Record<string, ToolBinding> = {
  Echo: { call: async (args) => args.value },
};

/** A clock that moves one millisecond on every reading and counts the machine's yields. */
function steppingClock(): Clock & { yields: number } {
  let time = 0;
  const clock = {
    yields: 0,
    now: () => ++time,
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    yield: () => {
      clock.yields++;
      return Promise.resolve();
    },
  };
  return clock;
}

describe('evaluate, running forms directly', () => {
  it('recurses deeper than the host stack holds at once, with a waiting call at the bottom', async () => {
    const source = `(defun down (n) (if (= n 0) (Echo :value 0) (+ 1 (down (- n 1)))))
(down 5000)`;
    const outcome = await evaluate(source, {
      tools: echo,
      limits: { recursionDepth: 10_000 },
    });
    expect(outcome).toMatchObject({ success: true, printed: '5000' });
  });

  it('runs tail calls at constant depth: self, through funcall and mutual', async () => {
    const limits = { recursionDepth: 10 };
    const sources = [
      '(defun count (n acc) (if (= n 0) acc (count (- n 1) (+ acc 1)))) (count 100000 0)',
      "(let ((f nil)) (setq f (lambda (n) (if (= n 0) 'done (funcall f (- n 1))))) (funcall f 50000))",
      "(defun ping (n) (if (= n 0) 'ping (pong (- n 1)))) (defun pong (n) (if (= n 0) 'pong (ping (- n 1)))) (ping 40001)",
    ];
    const printed = await Promise.all(
      sources.map(async (source) => {
        const outcome = await evaluate(source, { limits });
        return outcome.success ? outcome.printed : outcome.error.message;
      }),
    );
    expect(printed).toEqual(['100000', 'done', 'pong']);
  });

  it('still counts non-tail recursion against the recursion-depth budget', async () => {
    const outcome = await evaluate('(defun down (n) (+ 1 (down n))) (down 1)', {
      limits: { recursionDepth: 300 },
    });
    expect(outcome).toMatchObject({ success: false, error: { budget: 'recursion-depth' } });
  });

  it('returns to the event loop between slices of a long recursion', async () => {
    const clock = steppingClock();
    const outcome = await evaluate(
      '(defun fib (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 20)',
      { clock },
    );
    expect({ outcome, yielded: clock.yields > 0 }).toMatchObject({
      outcome: { success: true, printed: '6765' },
      yielded: true,
    });
  });

  it('gives each turn its own variable when the body makes a lambda', async () => {
    const sources = [
      "(let ((fs nil)) (dotimes (i 3) (push (lambda () i) fs)) (mapcar #'funcall fs))",
      "(let ((fs nil)) (dolist (x '(a b c)) (push (lambda () x) fs)) (mapcar #'funcall fs))",
      "(mapcar #'funcall (mapcar (lambda (x) (lambda () x)) '(1 2 3)))",
      `(defmacro thunk (form) (list 'lambda nil form))
(let ((fs nil)) (dotimes (i 3) (push (thunk i) fs)) (mapcar #'funcall fs))`,
    ];
    const printed = await Promise.all(
      sources.map(async (source) => {
        const outcome = await evaluate(source);
        return outcome.success ? outcome.printed : outcome.error.message;
      }),
    );
    expect(printed).toEqual(['(2 1 0)', '(c b a)', '(1 2 3)', '(2 1 0)']);
  });

  it('counts the same steps for a counting loop as for any other loop', async () => {
    // The same loop, once as the counting loop that runs in one function (variables and
    // constants only) and once with its test's constant first, which takes the general path.
    const counting = '(let ((i 0)) (while (< i 1000000) (setq i (+ i 1))) i)';
    const general = '(let ((i 0)) (while (> 1000000 i) (setq i (+ i 1))) i)';
    const limits = { steps: 5_000 };
    const [a, b] = await Promise.all([
      evaluate(counting, { limits }),
      evaluate(general, { limits }),
    ]);
    expect(a).toMatchObject({ success: false, error: { budget: 'steps' } });
    expect(b).toEqual(a);
  });
});
