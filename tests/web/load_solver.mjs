// The solver in WebAssembly as node loads it: movimentum_web.js (app/web/) and its module beside
// it, read here and handed over. Node has a fetch of its own, which emscripten's glue would call
// with a file's path, so the glue is never left to find the module itself.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export async function loadSolver(webJs) {
  const createMovimentum = createRequire(import.meta.url)(webJs);
  const wasmBinary = readFileSync(webJs.replace(/\.js$/, '.wasm'));
  return createMovimentum({ wasmBinary });
}
