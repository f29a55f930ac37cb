import { expectTypeOf } from 'vitest';
import type {
  BudgetName,
  CallRecord,
  JsonValue,
  Limits,
  Outcome,
  ToolBinding,
  Value,
} from './index.js';
import { evaluate } from './index.js';

expectTypeOf(evaluate).returns.resolves.toEqualTypeOf<Outcome>();
expectTypeOf<Extract<Outcome, { success: true }>['printed']>().toEqualTypeOf<string>();
expectTypeOf<Extract<Outcome, { success: true }>['value']>().toEqualTypeOf<Value>();
expectTypeOf<Extract<Outcome, { success: true }>['json']>().toEqualTypeOf<JsonValue | undefined>();
expectTypeOf<Extract<Outcome, { success: false }>['error']['kind']>().toEqualTypeOf<
  'read' | 'preflight' | 'budget' | 'runtime' | 'tool-denied' | 'cancelled'
>();
expectTypeOf<Extract<Outcome, { success: false }>['error']['budget']>().toEqualTypeOf<
  BudgetName | undefined
>();
expectTypeOf<Outcome['calls']>().toEqualTypeOf<CallRecord[]>();
expectTypeOf<keyof Limits>().toEqualTypeOf<
  | 'scriptBytes'
  | 'syntaxNodes'
  | 'depth'
  | 'steps'
  | 'wallTime'
  | 'nestedCalls'
  | 'recursionDepth'
  | 'transformedSize'
  | 'regexpWork'
  | 'numericSize'
  | 'valueSize'
  | 'retainedValues'
>();
expectTypeOf<ToolBinding['call']>().returns.toEqualTypeOf<unknown>();
