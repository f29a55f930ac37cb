import type * as AjvModule from 'ajv';

type AjvClass = typeof AjvModule.Ajv;

let loaded: AjvClass | undefined;

/**
 * ajv's class, loaded on its first use. The build bundles ajv into this package and turns
 * this `require` into an in-bundle initializer (no Node module loader is involved), so ajv's
 * sixty-odd modules are evaluated, synchronously, only when a validator first needs ajv:
 * importing the package no longer pays for them, and the synchronous API keeps working.
 */
export function ajvClass(): AjvClass {
  loaded ??= (require('ajv') as typeof AjvModule).Ajv;
  return loaded;
}
