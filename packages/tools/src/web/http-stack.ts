import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type * as Zlib from 'node:zlib';

/** Node's HTTP client modules and zlib, which only the web tools use. */
export interface HttpStack {
  readonly http: typeof Http;
  readonly https: typeof Https;
  readonly zlib: typeof Zlib;
}

let loading: Promise<HttpStack> | undefined;

/**
 * The HTTP stack, loaded on the first request: http, https (with TLS) and zlib were a tenth
 * of the tools' import time, paid by every process whether it fetched or not.
 */
export function loadHttpStack(): Promise<HttpStack> {
  loading ??= Promise.all([import('node:http'), import('node:https'), import('node:zlib')]).then(
    ([http, https, zlib]) => ({ http, https, zlib }),
  );
  return loading;
}
