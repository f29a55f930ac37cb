/** Copies the named grammar `.wasm` files and their licences into `packageDir/dist/grammars/`. */
export function copyGrammars(packageDir: string, specs: readonly string[]): void;
