// The bench workloads hand-written in plain JavaScript: a floor, not a target.
export const handWritten = {
  fib: () => {
    const fib = (n) => (n < 2 ? n : fib(n - 1) + fib(n - 2));
    return fib(22);
  },
  loop: () => {
    let s = 0;
    for (let i = 0; i < 300000; i++) s += i;
    return s;
  },
  lists: () => {
    const xs = [];
    for (let i = 0; i < 20000; i++) xs.push((i * 7919) % 10007);
    return xs.map((x) => x * x).sort((a, b) => a - b).length;
  },
  strings: () => {
    const lines = [];
    for (let i = 0; i < 5000; i++) lines.push(`line ${i}: value=${i * 3}`);
    return lines
      .join('\n')
      .split('\n')
      .filter((l) => l !== '').length;
  },
  plists: () => {
    const keys = 'abcdefghijklmnopqrsu'.split('');
    const pl = new Map(keys.map((k, i) => [k, i]));
    let hits = 0;
    for (let j = 0; j < 20000; j++) if (pl.get('u') !== undefined) hits++;
    return hits;
  },
  alist: () => {
    const al = [];
    for (let i = 0; i < 300; i++) al.unshift([`key-${i}`, i]);
    let sum = 0;
    for (let j = 0; j < 3000; j++) sum += al.find(([k]) => k === `key-${j % 300}`)[1];
    return sum;
  },
};
