// The solver in WebAssembly answers as the desktop does (issue 43): for every sample and every
// script of tests/language, the wasm's solveJson equals `movimentum solve --json` (numbers to
// 1e-12, relative to their size where they pass 1; everything else exactly, diagnostics included)
// and its checkLines equals `movimentum check`. The same sources build both, and what is under
// them is made the same too: the elementary functions are musl's in both builds
// (core/model/elementary_functions.h), as glibc rounds sin, cos and atan2 a last bit apart for
// some arguments, and a script that integrates or iterates to a tolerance carries such a bit into
// its answers. The test also counts the scripts whose numbers agree bit for bit; what is left
// between those and 1e-12 is summation order (Eigen sums in SSE2 pairs on the desktop only).
// Run by scripts/web.sh: node solve_equality.mjs WEB_JS NATIVE_MOVIMENTUM
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadSolver } from './load_solver.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [webJs, native] = process.argv.slice(2).map((p) => path.resolve(p));
const strict = { tolerance: 1e-12 };
const exact = { tolerance: 0 };

function scripts(folder) {
  return readdirSync(path.join(root, folder)).sort().flatMap((name) => {
    const relative = path.join(folder, name);
    if (statSync(path.join(root, relative)).isDirectory()) return scripts(relative);
    return name.endsWith('.movimentum') ? [relative] : [];
  });
}

// Every picture of the samples and the language tests, as the script's folder reaches them
// (relative, as `solve` resolves names, or absolute, as `check` does).
function pictures(folders, absolute) {
  return folders.flatMap((folder) => readdirSync(path.join(root, folder))
    .filter((name) => /\.(png|svg|jpe?g|bmp|gif)$/i.test(name))
    .map((name) => (absolute ? path.join(root, folder, name) : path.join(folder, name))));
}

function runNative(command, script) {
  const run = spawnSync(native, [command, ...(command === 'solve' ? ['--json'] : []), script], {
    cwd: root, encoding: 'utf8', maxBuffer: 1 << 30,
    env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' },
  });
  if (run.error) throw run.error;
  return run.stdout;
}

// The first difference between two parsed documents, as "where: what", or null.
function difference(a, b, where, rule) {
  if (typeof a === 'number' && typeof b === 'number') {
    const scale = Math.max(1, Math.abs(a), Math.abs(b));
    return !(Math.abs(a - b) > rule.tolerance * scale) ? null : `${where}: ${a} != ${b}`;
  }
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null))
    return `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  if (typeof a !== 'object' || a === null)
    return a === b ? null : `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  const keys = Object.keys(a);
  if (JSON.stringify(keys) !== JSON.stringify(Object.keys(b)))
    return `${where}: keys ${keys} != ${Object.keys(b)}`;
  for (const key of keys) {
    const found = difference(a[key], b[key], `${where}.${key}`, rule);
    if (found) return found;
  }
  return null;
}

const movimentum = await loadSolver(webJs);
const all = [...scripts('samples'), ...scripts('tests/language')];
const failures = [];
let frames = 0;
let solved = 0;
let bitForBit = 0;
const folders = [...new Set(all.map((script) => path.dirname(script)))];
const relativePictures = pictures(folders, false).join('\n');
const absolutePictures = pictures(folders, true).join('\n');
for (const script of all) {
  const text = readFileSync(path.join(root, script), 'utf8');
  const folder = path.dirname(script);
  const nativeJson = runNative('solve', script);
  const webJson = movimentum.solveJson(text, script, folder, relativePictures);
  let problem = null;
  if (nativeJson === '' || webJson === '') {
    if (nativeJson !== webJson)
      problem = `solve: native printed ${nativeJson.length} bytes, wasm ${webJson.length}`;
  } else {
    const nativeDoc = JSON.parse(nativeJson);
    const webDoc = JSON.parse(webJson);
    problem = difference(nativeDoc, webDoc, 'solve', strict);
    const off = difference(nativeDoc, webDoc, 'solve', exact);
    if (off) console.log(`not bit for bit: ${script}: first difference ${off}`);
    else bitForBit += 1;
    frames += nativeDoc.frames.length;
    solved += 1;
  }
  const nativeCheck = runNative('check', script);
  const webCheck = movimentum.checkLines(text, script, path.join(root, folder), absolutePictures);
  if (!problem && nativeCheck !== webCheck)
    problem = `check: native ${JSON.stringify(nativeCheck)} != wasm ${JSON.stringify(webCheck)}`;
  if (problem) failures.push(`${script}: ${problem}`);
}
for (const failure of failures) console.log(`FAIL ${failure}`);
console.log(`web: ${all.length - failures.length} of ${all.length} scripts (${frames} frames) ` +
            `solve and check as the desktop does; of the ${solved} that animate, ` +
            `${bitForBit} bit for bit`);
process.exit(failures.length ? 1 : 0);
