// Emacs 28's standard syntax table, dumped with `char-syntax` from `emacs --batch`: the
// ASCII classes one character per code point, then every later run as "start-hex class".
const asciiClasses =
  '.........  .  .................. .".ww_.()__._._wwwwwwwwww..___..wwwwwwwwwwwwwwwwwwwwwwwwww(\\)._.wwwwwwwwwwwwwwwwwwwwwwwwww(_)..';
const runData =
  '80w,a0-,a1.,a2_,a5w,a6_,a7.,a8_,ab.,ac_,b2w,b4_,b5w,b6_,b9w,ba_,bb.,bc_,bf.,c0w,d7_,d8w,f7_,f8w,2c7_,2c8w,2c9_,2caw,2d0_,2d1w,2d8_,2dcw,2dd_,2dew,384_,386w,5be.,5bfw,5c0.,5c1w,5c3.,5c4w,5c6.,5c7w,5f3.,5f5w,e2f_,e30w,e3f_,e40w,e46_,e47w,e4f_,e50w,e5a_,e5cw,eaf_,eb0w,ec6_,ec7w,f00.,f0cw,f0d.,f19w,f1a.,f20w,f34.,f35w,f36.,f37w,f38.,f40w,f7f.,f80w,f85.,f86w,fbe.,fd0w,1361.,1369w,2000-,200c.,2028w,202f-,2030.,2039_,203b.,2044_,2045(,2046),2047.,2052_,2053.,205f-,2060w,207d(,207e),207fw,208d(,208e),208fw,20ac_,20adw,2103_,2104w,2109_,210aw,2116.,2117w,2121_,2123w,2153_,2155w,215b_,215fw,2190_,2329(,232a),232b_,23b4(,23b5),23b6_,2450w,2460_,246fw,2474_,24b6w,2500_,254cw,2592_,2593w,25a0_,25a2w,25a3_,25aaw,25b2_,25b4w,25b6_,25b8w,25bc_,25bew,25c0_,25c2w,25c6_,25c9w,25cb_,25ccw,25ce_,25d2w,25ef_,25f0w,2605_,2607w,260e_,2610w,261c_,261dw,261e_,261fw,2640_,2641w,2642_,2643w,2660_,2662w,2663_,2666w,2667_,266bw,266c_,266ew,266f_,2670w,2768(,2769),276a(,276b),276c(,276d),276ew,2770(,2771),2772(,2773),2774(,2775),2776w,27e6(,27e7),27e8(,27e9),27ea(,27eb),27ecw,2983(,2984),2985(,2986),2987(,2988),2989(,298a),298b(,298c),298d(,298e),298f(,2990),2991(,2992),2993(,2994),2995(,2996),2997(,2998),2999w,29fc(,29fd),29few,2a00_,2c00w,2e00.,2e80w,3000-,3001.,3004w,3008(,3009),300a(,300b),300c(,300d),300e(,300f),3010(,3011),3012_,3014(,3015),3016(,3017),3018(,3019),301a(,301b),301c_,301dw,30fb.,30fcw,3200_,321dw,3220_,322aw,3260_,327cw,327e_,3280w,3380_,3385w,3388_,33cbw,33cf_,33d1w,33d3_,33d4w,33d6_,33d7w,33d8_,33d9w,33db_,33dew,aadb_,aae0w,fd3e(,fd3f),fd40w,fe35(,fe36),fe37(,fe38),fe39(,fe3a),fe3b(,fe3c),fe3d(,fe3e),fe3f(,fe40),fe41(,fe42),fe43(,fe44),fe45w,fe59(,fe5a),fe5b(,fe5c),fe5d(,fe5e),fe5fw,ff01.,ff04_,ff05.,ff08(,ff09),ff0a.,ff0b_,ff0c.,ff10w,ff1a.,ff1c_,ff1f.,ff21w,ff3b(,ff3c_,ff3d),ff3e_,ff41w,ff5b(,ff5c_,ff5d),ff5e_,ff5f(,ff60),ff61.,ff62(,ff63),ff64.,ff66w,ffe0_,ffe4w,ffe5_,ffe6w,1fb00_,1fbcb.,1fc00w';

/** Emacs syntax designators this matcher knows, mapped to one canonical designator each. */
const designators: ReadonlyMap<string, string> = new Map([
  ['-', ' '],
  [' ', ' '],
  ['w', 'w'],
  ['_', '_'],
  ['.', '.'],
  ['(', '('],
  [')', ')'],
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['$', '$'],
  ["'", "'"],
  ['<', '<'],
  ['>', '>'],
  ['|', '|'],
  ['!', '!'],
]);

let runStarts: Int32Array | undefined;
let runClasses: string[] = [];

function loadRuns(): Int32Array {
  if (runStarts) return runStarts;
  const parts = runData.split(',');
  const starts = new Int32Array(parts.length);
  runClasses = new Array<string>(parts.length);
  parts.forEach((part, index) => {
    const designator = part.slice(-1);
    starts[index] = Number.parseInt(part.slice(0, -1), 16);
    runClasses[index] = designator === '-' ? ' ' : designator;
  });
  runStarts = starts;
  return starts;
}

/** The canonical syntax designator for a `\sC` code, or undefined when Emacs has no such class. */
export function canonicalSyntaxDesignator(code: string): string | undefined {
  return designators.get(code);
}

/** The syntax class (canonical designator) of a code point in Emacs's standard syntax table. */
export function syntaxClassOf(codePoint: number): string {
  if (codePoint < 128) return asciiClasses[codePoint] ?? '.';
  const starts = loadRuns();
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= codePoint) low = middle;
    else high = middle - 1;
  }
  return runClasses[low] ?? 'w';
}

/** Whether a code point has word syntax, as `\w`, `\b` and `\<` see it. */
export function isWordChar(codePoint: number): boolean {
  return syntaxClassOf(codePoint) === 'w';
}

/** Whether a code point has word or symbol syntax, as `\_<` and `\_>` see it. */
export function isSymbolChar(codePoint: number): boolean {
  const syntax = syntaxClassOf(codePoint);
  return syntax === 'w' || syntax === '_';
}
