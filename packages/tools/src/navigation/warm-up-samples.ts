import type { LanguageId } from './languages.js';

const JAVASCRIPT = `import { readFile } from 'node:fs/promises';
export const LIMIT = 30_000;
/** Reads a list. */
export async function load(path, { encoding = 'utf8' } = {}) {
  const text = await readFile(path, encoding);
  return text.split('\\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}
export class Store extends Map {
  #hits = 0;
  static create(entries = []) { return new Store(entries); }
  get(key) { this.#hits++; return super.get(key) ?? null; }
  *keysAbove(min) { for (const [key, value] of this) if (value > min) yield key; }
}
const handlers = { start: () => 1, stop(reason) { return \`stop: \${reason}\`; } };
try { module.exports = { load, Store, handlers }; } catch (error) { console.error(error); }
switch (typeof LIMIT) { case 'number': break; default: throw new TypeError('bad'); }
`;

const TYPESCRIPT = `import type { Readable } from 'node:stream';
export interface Options<T = string> {
  readonly cwd?: string;
  timeout: number | undefined;
  parse(text: string): T;
}
export type Result<T> = { success: true; value: T } | { success: false; error: Error };
export enum Level { Low = 1, High }
export abstract class Base<T extends object> implements Partial<Options<T>> {
  private readonly items: Map<string, T[]> = new Map();
  protected constructor(public name: string, private limit = 10) {}
  abstract run(input: Readable): Promise<Result<T>>;
  add(key: string, ...values: T[]): this {
    const list = this.items.get(key) ?? [];
    list.push(...values);
    if (list.length > this.limit) throw new RangeError(\`too many: \${list.length}\`);
    this.items.set(key, list);
    return this;
  }
}
export function pick<T, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = value[key];
  return out;
}
export const retry = async <T,>(fn: () => Promise<T>, times = 3): Promise<T> => {
  for (let i = 0; ; i++) {
    try { return await fn(); } catch (error) { if (i >= times) throw error; }
  }
};
namespace Internal { export const version = '1.0'; }
`;

const PYTHON = `import os
from typing import Optional

LIMIT = 30_000

class Store(dict):
    """A counting store."""
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.hits = 0

    @property
    def size(self) -> int:
        return len(self)

def load(path: str, encoding: Optional[str] = None) -> list[str]:
    with open(path, encoding=encoding or "utf-8") as handle:
        return [line for line in handle if line.strip() and not line.startswith("#")]

if __name__ == "__main__":
    print(f"{os.getcwd()}: {load('x')!r}")
`;

const GO = `package store

import (
\t"errors"
\t"fmt"
)

const Limit = 30000

type Store struct {
\titems map[string][]int
\thits  int
}

func (s *Store) Add(key string, values ...int) error {
\tif len(values) > Limit {
\t\treturn errors.New("too many")
\t}
\ts.items[key] = append(s.items[key], values...)
\treturn nil
}

func main() { fmt.Println(Limit) }
`;

const RUST = `use std::collections::HashMap;

pub const LIMIT: usize = 30_000;

#[derive(Debug, Default)]
pub struct Store { items: HashMap<String, Vec<i64>>, hits: usize }

impl Store {
    pub fn add(&mut self, key: &str, values: &[i64]) -> Result<(), String> {
        if values.len() > LIMIT { return Err(format!("too many: {}", values.len())); }
        self.items.entry(key.to_string()).or_default().extend_from_slice(values);
        Ok(())
    }
}

fn main() { let mut s = Store::default(); s.add("a", &[1, 2]).unwrap(); }
`;

const BASH = `#!/bin/bash
set -euo pipefail
LIMIT=30000
load() {
  local path="$1"
  while IFS= read -r line; do
    [[ -z "$line" || "$line" == \\#* ]] && continue
    echo "\${line%%=*}"
  done < "$path"
}
for file in "$@"; do if [ -f "$file" ]; then load "$file" | sort | uniq -c; fi; done
`;

const JSON_SAMPLE = `{"name": "store", "version": "1.0.0", "limit": 30000, "private": true,
 "scripts": {"build": "tsup", "test": "vitest run"}, "files": ["dist", "src"],
 "nested": [{"a": 1, "b": [true, false, null]}, {"c": -1.5e3, "d": "\\u00e9"}]}
`;

const CSS = `:root { --accent: #0a7; }
body, html { margin: 0; font: 14px/1.4 system-ui, sans-serif; }
.nav > a:hover, .nav > a:focus-visible { color: var(--accent); }
@media (max-width: 600px) { .nav { display: none !important; } }
@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }
`;

const HTML = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Store</title><style>body { margin: 0; }</style></head>
<body>
  <nav id="top"><a href="/">Home</a> &amp; <a href="/about">About</a></nav>
  <main><h1>Items</h1><ul><li class="item">One</li><li>Two</li></ul></main>
  <script src="app.js"></script><script>console.log(1 < 2);</script>
</body>
</html>
`;

/** A short, typical source per language, parsed while a grammar loads. */
export const WARM_UP_SAMPLES: Readonly<Record<LanguageId, string>> = {
  javascript: JAVASCRIPT,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  python: PYTHON,
  go: GO,
  rust: RUST,
  bash: BASH,
  json: JSON_SAMPLE,
  css: CSS,
  html: HTML,
};
