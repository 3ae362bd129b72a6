// The WebAssembly writes numbers as the desktop does (core/text/number_chars.h): for every double
// of tests/web/number_texts.txt (powers of two, the range's ends, subnormals, random bit patterns,
// numbers such as a solver prints), its numberToChars, double-conversion's shortest digits laid
// out as std::to_chars lays them out, gives the text the desktop's std::to_chars gives
// (tests/core/number_chars_test.cpp checks the file against it), and NaN is "nan".
// Run by scripts/web.sh: node number_text_test.mjs WEB_JS
import { readFileSync } from 'node:fs';
import { loadSolver } from './load_solver.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const movimentum = await loadSolver(path.resolve(process.argv[2]));
const failures = [];
let count = 0;
for (const line of readFileSync(path.join(here, 'number_texts.txt'), 'utf8').split('\n')) {
  if (!line || line.startsWith('#')) continue;
  const [bits, text] = line.split(' ');
  const value = Buffer.from(bits, 'hex').readDoubleBE(0);
  const written = movimentum.numberText(value);
  if (written !== text) failures.push(`${bits}: wasm ${written}, desktop ${text}`);
  ++count;
}
if (movimentum.numberText(NaN) !== 'nan') failures.push(`NaN: ${movimentum.numberText(NaN)}`);
for (const failure of failures.slice(0, 20)) console.log(`FAIL ${failure}`);
console.log(`web numbers: ${count - failures.length} of ${count} doubles written as the desktop writes them`);
process.exit(failures.length ? 1 : 0);
