// The solver in WebAssembly against the desktop's: `solve --json` of each sample and of the pump
// turning for 599 s after its second of rest (15,001 frames, bench/pump_bench.cpp's script), wall
// time, median of REPETITIONS. The wasm's first solve is timed apart: the engine compiles the
// module's hot functions again, optimised, while they run. Figures in docs/performance.md.
//
//   scripts/web.sh && node bench/web_solve_bench.mjs [REPETITIONS]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadSolver } from '../tests/web/load_solver.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repetitions = Number(process.argv[2] ?? 3);
const native = path.join(root, 'build/app/movimentum');
const pictures = readdirSync(path.join(root, 'samples')).filter((n) => n.endsWith('.png'))
  .map((n) => path.join('samples', n)).join('\n');

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
function seconds(call) {
  const start = process.hrtime.bigint();
  call();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const loadStart = process.hrtime.bigint();
const movimentum = await loadSolver(path.join(root, 'build-web/movimentum/app/web/movimentum_web.js'));
const load = Number(process.hrtime.bigint() - loadStart) / 1e6;
console.log(`module loaded and instantiated in ${load.toFixed(0)} ms`);

// The long pump is written beside the samples' pictures' names, in a folder of its own.
const pumpText = readFileSync(path.join(root, 'samples/pump.movimentum'), 'utf8')
  .replace(/@\+12\.0(?![\s\S]*@\+12\.0)/, '@+599.0');
const pumpFile = path.join(mkdtempSync(path.join(tmpdir(), 'web-bench-')), 'pump_15001.movimentum');
writeFileSync(pumpFile, pumpText);
const scripts = readdirSync(path.join(root, 'samples')).filter((n) => n.endsWith('.movimentum'))
  .map((n) => path.join('samples', n));

console.log('script | frames | wasm first | wasm | native | wasm / native');
for (const script of [...scripts, pumpFile]) {
  const text = readFileSync(path.resolve(root, script), 'utf8');
  let json = '';
  const solve = () => { json = movimentum.solveJson(text, script, 'samples', pictures); };
  const first = seconds(solve);
  const wasm = median(Array.from({ length: repetitions }, () => seconds(solve)));
  const desktop = median(Array.from({ length: repetitions }, () => seconds(() =>
    spawnSync(native, ['solve', '--json', script], { cwd: root, maxBuffer: 1 << 30 }))));
  const frames = json ? JSON.parse(json).frames.length : 0;
  console.log(`${path.basename(script)} | ${frames} | ${first.toFixed(2)} s | ${wasm.toFixed(2)} s | ` +
              `${desktop.toFixed(2)} s | ${(wasm / desktop).toFixed(1)}`);
}
