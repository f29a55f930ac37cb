import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Imports the built package by its own name (Node self-reference through the
// exports map), once as ESM and once as CommonJS.
describe('@toolcall/interpreter as a consumer sees it', () => {
  it('exposes the same API through import and require', async () => {
    const esm = await import('@toolcall/interpreter');
    const cjs = createRequire(import.meta.url)('@toolcall/interpreter');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    expect(typeof esm.InterpreterError.isInstance).toBe('function');
    expect(cjs.InterpreterError.isInstance(new esm.InterpreterError('read-error', 'x'))).toBe(true);
  });

  it('evaluates a script with two tools through the built ESM and CJS entries', async () => {
    const esm = await import('@toolcall/interpreter');
    const cjs = createRequire(import.meta.url)('@toolcall/interpreter') as typeof esm;
    const tools = {
      Read: {
        inputSchema: { type: 'object', properties: { file_path: { type: 'string' } } },
        call: async (args: { file_path?: unknown }) =>
          `;; ${String(args.file_path)}\n(defcustom a 1)\n(defun b ())`,
      },
      Glob: { call: async () => '/src/a.el\n/src/b.el' },
    };
    const source = `(let ((count 0))
  (dolist (path (split-string (Glob :pattern "*.el") "\\n" t))
    (dolist (line (split-string (Read :file_path path) "\\n" t))
      (when (string-match-p "^(defcustom" line) (setq count (+ count 1)))))
  count)`;
    for (const api of [esm, cjs]) {
      const outcome = await api.evaluate(source, { tools });
      expect(outcome).toMatchObject({ success: true, printed: '2', json: 2, direct: false });
      expect(outcome.calls.map((call) => [call.index, call.tool, call.status])).toEqual([
        [1, 'Glob', 'success'],
        [2, 'Read', 'success'],
        [3, 'Read', 'success'],
      ]);
    }
  });

  it('runs a parallel-map through the built entries, with queued events and the call context', async () => {
    const esm = await import('@toolcall/interpreter');
    const cjs = createRequire(import.meta.url)('@toolcall/interpreter') as typeof esm;
    for (const api of [esm, cjs]) {
      const seen: Array<[number, string | undefined, boolean]> = [];
      const events: string[] = [];
      const outcome = await api.evaluate('(parallel-map (lambda (n) (Twice :n n)) (list 1 2 3))', {
        tools: {
          Twice: {
            inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
            call: async (args, context) => {
              seen.push([context.index, context.batch, context.direct]);
              return Number(args.n) * 2;
            },
          },
        },
        parallelism: 2,
        onEvent: (event) => events.push(`${event.type} ${event.index}`),
      });
      expect({ printed: outcome.success && outcome.printed, seen, events }).toEqual({
        printed: '(2 4 6)',
        seen: [
          [1, 'batch-1', false],
          [2, 'batch-1', false],
          [3, 'batch-1', false],
        ],
        events: [
          'call-queued 3',
          'call-start 1',
          'call-start 2',
          'call-end 1',
          'call-start 3',
          'call-end 2',
          'call-end 3',
        ],
      });
    }
  });

  it('exports the reader, printer, preflight, JSON projection, limits and budget names', async () => {
    const api = await import('@toolcall/interpreter');
    const forms = api.read('(a "b" 1.0)');
    expect(forms.success && api.print(forms.value.forms[0] as never)).toBe('(a "b" 1.0)');
    expect(api.preflight('(frob 1)')).toMatchObject({
      success: false,
      error: { kind: 'preflight' },
    });
    expect(api.toJson(api.fromJson({ a: [1, true, null] }))).toEqual({
      success: true,
      value: { a: [1, true, null] },
    });
    expect(api.budgetNames).toHaveLength(12);
    expect(api.defaultLimits.steps).toBeGreaterThan(0);
  });
});
