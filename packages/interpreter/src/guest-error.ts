import type { BudgetName } from './limits.js';

/** Internal: a budget was exceeded; caught at the public boundary. */
export class BudgetError extends Error {
  readonly budget: BudgetName;
  constructor(budget: BudgetName, message: string) {
    super(message);
    this.budget = budget;
  }
}

/** Internal: a guest runtime error (wrong type, arity, unbound variable…); aborts the script. */
export class GuestError extends Error {}

/** Internal: a read or preflight failure raised while compiling a form. */
export class StaticError extends Error {
  readonly kind: 'read' | 'preflight';
  constructor(kind: 'read' | 'preflight', message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Throws the budget error for `budget`, naming its limit and where it was hit. */
export function exceed(budget: BudgetName, limit: number, where: string): never {
  throw new BudgetError(budget, `${budget} budget exceeded: limit ${limit} ${where}`);
}
