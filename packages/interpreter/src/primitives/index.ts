import type { Primitive } from '../nodes-call.js';
import { arithmeticPrimitives, predicatePrimitives } from './arithmetic.js';
import { listPrimitives } from './lists.js';
import { regexpPrimitives } from './regexps.js';
import { textPrimitives } from './text.js';

/** The closed primitive table, keyed by name (a Map, so no guest name meets a prototype). */
export const primitives: ReadonlyMap<string, Primitive> = new Map(
  [
    ...listPrimitives,
    ...arithmeticPrimitives,
    ...predicatePrimitives,
    ...textPrimitives,
    ...regexpPrimitives,
  ].map((p) => [p.name, p]),
);
