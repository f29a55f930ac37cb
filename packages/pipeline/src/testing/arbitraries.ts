import fc from 'fast-check';

/** Values a model plausibly sends for one property: right, wrong and repairable shapes. */
export const messyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.integer({ min: -100_000, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -100_000, max: 100_000 }).map(String),
  fc.boolean().map(String),
  fc.constantFrom('src/[main.py](http://main.py)', 'work://notes', 'a.ts', '10 lines', 'yes', ' 5'),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }).map((items) => JSON.stringify(items)),
);

/** A model input for the repair test tool: some known keys, sometimes an unknown one. */
export const messyInput = (keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.dictionary(fc.constantFrom(...keys, 'unexpected'), messyValue, { maxKeys: keys.length + 1 });

/** What a handler does in a settlement property run. */
export type HandlerBehaviour =
  | { kind: 'sync' }
  | { kind: 'async' }
  | { kind: 'throw' }
  | { kind: 'invalid' }
  | { kind: 'error-text' }
  | { kind: 'never' };

/** How one call in a settlement property run is driven. */
export interface CallPlan {
  tool: 'Open' | 'Guarded' | 'Missing';
  behaviour: HandlerBehaviour;
  input: 'valid' | 'repairable' | 'invalid';
  answer: 'allow-once' | 'allow-always' | 'deny' | 'throw';
  hook: 'none' | 'deny' | 'rewrite' | 'throw' | 'context';
  cancelAfterTicks: number | undefined;
  source: 'direct' | 'ptc';
}

/** Random call plans for the settles-exactly-once property. */
export const callPlan: fc.Arbitrary<CallPlan> = fc.record({
  tool: fc.constantFrom('Open', 'Guarded', 'Missing'),
  behaviour: fc.constantFrom<HandlerBehaviour>(
    { kind: 'sync' },
    { kind: 'async' },
    { kind: 'throw' },
    { kind: 'invalid' },
    { kind: 'error-text' },
    { kind: 'never' },
  ),
  input: fc.constantFrom('valid', 'repairable', 'invalid'),
  answer: fc.constantFrom('allow-once', 'allow-always', 'deny', 'throw'),
  hook: fc.constantFrom('none', 'deny', 'rewrite', 'throw', 'context'),
  cancelAfterTicks: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  source: fc.constantFrom('direct', 'ptc'),
});
