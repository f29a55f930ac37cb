import { preflight } from '@toolcall/interpreter';

const known = new Map<string, boolean>();
const probe = { call: () => Promise.resolve('') };

/**
 * Whether the dialect can name `tool`: a tool named like a special form or primitive
 * (`length`, `if`) cannot be called from a script and needs native exposure instead.
 */
export function isScriptCallable(tool: string): boolean {
  let callable = known.get(tool);
  if (callable === undefined) {
    try {
      preflight('nil', { tools: { [tool]: probe } });
      callable = true;
    } catch {
      callable = false;
    }
    known.set(tool, callable);
  }
  return callable;
}
