// The solver in WebAssembly answers as the desktop does (issue 43): for every sample and every
// script of tests/language, the wasm's solveJson equals `movimentum solve --json` (numbers to
// 1e-12, relative to their size where they pass 1; everything else exactly, diagnostics included)
// and its checkLines equals `movimentum check`. The same sources build both, so any difference is
// a bug. Run by scripts/web.sh: node solve_equality.mjs MOVIMENTUM_WEB_JS NATIVE_MOVIMENTUM
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [webJs, native] = process.argv.slice(2).map((p) => path.resolve(p));
const tolerance = 1e-12;

function scripts(folder) {
  return readdirSync(path.join(root, folder)).sort().flatMap((name) => {
    const relative = path.join(folder, name);
    if (statSync(path.join(root, relative)).isDirectory()) return scripts(relative);
    return name.endsWith('.movimentum') ? [relative] : [];
  });
}

// The pictures beside a script: what a page exported from that folder would hold.
function imagesBeside(script) {
  const folder = path.join(root, path.dirname(script));
  return readdirSync(folder).filter((n) => /\.(png|svg|jpe?g|bmp|gif)$/i.test(n)).join('\n');
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
function difference(a, b, where) {
  if (typeof a === 'number' && typeof b === 'number') {
    const scale = Math.max(1, Math.abs(a), Math.abs(b));
    return Math.abs(a - b) <= tolerance * scale ? null : `${where}: ${a} != ${b}`;
  }
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null))
    return `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  if (typeof a !== 'object' || a === null)
    return a === b ? null : `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
  const keys = Object.keys(a);
  if (JSON.stringify(keys) !== JSON.stringify(Object.keys(b)))
    return `${where}: keys ${keys} != ${Object.keys(b)}`;
  for (const key of keys) {
    const found = difference(a[key], b[key], `${where}.${key}`);
    if (found) return found;
  }
  return null;
}

const createMovimentum = createRequire(import.meta.url)(webJs);
const movimentum = await createMovimentum();
const all = [...scripts('samples'), ...scripts('tests/language')];
const failures = [];
let frames = 0;
for (const script of all) {
  const text = readFileSync(path.join(root, script), 'utf8');
  const folder = path.dirname(script);
  const images = imagesBeside(script);
  const nativeJson = runNative('solve', script);
  const webJson = movimentum.solveJson(text, script, folder, images);
  let problem = null;
  if (nativeJson === '' || webJson === '') {
    if (nativeJson !== webJson) problem = `solve: native printed ${nativeJson.length} bytes, wasm ${webJson.length}`;
  } else {
    const nativeDoc = JSON.parse(nativeJson);
    problem = difference(nativeDoc, JSON.parse(webJson), 'solve');
    frames += nativeDoc.frames.length;
  }
  const nativeCheck = runNative('check', script);
  const webCheck = movimentum.checkLines(text, script, folder, images);
  if (!problem && nativeCheck !== webCheck)
    problem = `check: native ${JSON.stringify(nativeCheck)} != wasm ${JSON.stringify(webCheck)}`;
  if (problem) failures.push(`${script}: ${problem}`);
}
for (const failure of failures) console.log(`FAIL ${failure}`);
console.log(`web: ${all.length - failures.length} of ${all.length} scripts (${frames} frames) ` +
            `solve and check as the desktop does`);
process.exit(failures.length ? 1 : 0);
