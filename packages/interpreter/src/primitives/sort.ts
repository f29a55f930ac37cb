import { compare } from '../numbers.js';
import { LFloat, Sym, type Value } from '../values.js';
import { wrongType } from './check.js';

/** The fixed ascending order of `sort`: numbers, strings or symbols of one kind. */
export function sortKey(a: Value, b: Value): number {
  if (
    (typeof a === 'number' || typeof a === 'bigint' || a instanceof LFloat) &&
    (typeof b === 'number' || typeof b === 'bigint' || b instanceof LFloat)
  ) {
    const c = compare(a, b);
    return Number.isNaN(c) ? 0 : c;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof Sym && b instanceof Sym) return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return wrongType(
    'sortable (numbers, strings or symbols of one kind)',
    typeof a === 'string' ? b : a,
  );
}

/**
 * Sorts in place in ascending order, as `sortKey` orders (and stably). The usual lists take
 * shortcuts that give the same order without calling it: fixnums in 32 bits by radix, other
 * fixnums as a typed array (equal numbers are indistinguishable, so stability cannot show),
 * and strings by the default order, which compares UTF-16 units as `<` does.
 */
export function sortItems(items: Value[]): void {
  let int32 = true;
  let numbers = true;
  let strings = true;
  for (let i = 0; i < items.length && (numbers || strings); i++) {
    const item = items[i];
    if (typeof item === 'number') {
      strings = false;
      if ((item | 0) !== item) int32 = false;
    } else {
      numbers = false;
      if (typeof item !== 'string') strings = false;
    }
  }
  if (items.length < 2) return;
  if (numbers && int32) radixSort(items as number[]);
  else if (numbers) {
    const sorted = new Float64Array(items.length);
    for (let i = 0; i < items.length; i++) sorted[i] = items[i] as number;
    sorted.sort();
    for (let i = 0; i < sorted.length; i++) items[i] = sorted[i] as number;
  } else if (strings) items.sort();
  else items.sort(sortKey);
}

/** Least-significant-digit radix sort of 32-bit integers, a byte per pass. */
function radixSort(items: number[]): void {
  const n = items.length;
  let from = new Int32Array(n);
  let to = new Int32Array(n);
  // Flipping the sign bit orders negative numbers first when the bits are read unsigned.
  for (let i = 0; i < n; i++) from[i] = (items[i] as number) ^ 0x80000000;
  const counts = new Int32Array(256);
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0);
    for (let i = 0; i < n; i++) (counts[((from[i] as number) >>> shift) & 0xff] as number)++;
    let sum = 0;
    for (let digit = 0; digit < 256; digit++) {
      const count = counts[digit] as number;
      counts[digit] = sum;
      sum += count;
    }
    for (let i = 0; i < n; i++) {
      const value = from[i] as number;
      const digit = (value >>> shift) & 0xff;
      to[counts[digit] as number] = value;
      counts[digit] = (counts[digit] as number) + 1;
    }
    const swap = from;
    from = to;
    to = swap;
  }
  for (let i = 0; i < n; i++) items[i] = (from[i] as number) ^ 0x80000000;
}
