// The editable page as `movimentum render --editable` writes it, in headless Chromium
// (tests/web/devtools.mjs), timed as docs/performance.md reports it (wall clock, medians; the
// machine is shared, so run it more than once):
// - the pump's page: its size, and from opening it to frame 0 drawn and painted (the page's own
//   performance.now(), which starts when the page is asked for), RUNS times;
// - 21 keystrokes, each changing the crank's length (35 to 36 and back), from the key event's
//   time stamp to the frame under the playhead drawn and painted, and to every frame shown;
// - the pump turning for 599 s (15,001 frames): `movimentum.solve(text)` in the page (what
//   `solve --json` prints), the same text typed in (every frame given to the player), and the
//   desktop's `solve --json` of it, RUNS times each.
//
//   scripts/web.sh && node bench/web_page_bench.mjs [RUNS]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { openBrowser } from '../tests/web/devtools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] || 5);
const native = path.join(root, 'build/app/movimentum');
const folder = mkdtempSync(path.join(tmpdir(), 'movimentum-page-bench-'));
const page = path.join(folder, 'pump.html');
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen', MOVIMENTUM_WEB_DIR: path.join(root, 'build-web/page') };
const rendered = spawnSync(native, ['render', path.join(root, 'samples/pump.movimentum'), '-o', page, '--editable'],
                           { encoding: 'utf8', env });
if (rendered.status !== 0) throw new Error(rendered.stderr);
const pump = readFileSync(path.join(root, 'samples/pump.movimentum'), 'utf8');
const long = pump.replace('@+12.0', '@+599.0');
const longFile = path.join(root, 'samples', `.long_pump_${process.pid}.movimentum`);  // beside its pictures
writeFileSync(longFile, long);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (values) => `median ${median(values).toFixed(1)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;
const browser = await openBrowser();

async function openPage() {
  const tab = await browser.open('about:blank');
  await tab.send('Page.navigate', { url: `file://${page}` });
  let loaded = false;
  while (!loaded) {
    loaded = await tab.evaluate(`new Promise((done) => document.readyState === 'complete'
      ? done(typeof movimentum === 'object') : addEventListener('load', () => done(true)))`).catch(() => false);
  }
  await tab.evaluate('movimentum.current().then(() => new Promise((done) => requestAnimationFrame(done)))');
  return tab;
}

try {
  console.log(`page: ${statSync(page).size} bytes`);
  const drawn = [], painted = [];
  let tab = null;
  for (let run = 0; run < runs; ++run) {
    if (tab) await tab.send('Page.close').catch(() => {});
    tab = await openPage();
    const [first] = await tab.evaluate('movimentum.timings');
    drawn.push(first.frame);
    painted.push(first.painted);
  }
  console.log(`open to frame 0 drawn: ${ms(drawn)}; painted: ${ms(painted)}`);

  const at = pump.indexOf('Q = P+[0,35]') + 'Q = P+[0,3'.length;
  const keys = [];
  for (let i = 0; i < 21; ++i) {
    await tab.evaluate(`(() => { movimentum.view.focus();
      movimentum.view.dispatch({ selection: { anchor: ${at}, head: ${at + 1} } }); })()`);
    await tab.send('Input.insertText', { text: i % 2 === 0 ? '6' : '5' });
    await tab.evaluate('movimentum.current().then(() => new Promise((done) => requestAnimationFrame(done)))');
    keys.push((await tab.evaluate('movimentum.timings')).at(-1));
  }
  console.log(`keystroke to the playhead's frame drawn: ${ms(keys.map((t) => t.frame - t.typed))}`);
  console.log(`keystroke to the playhead's frame painted: ${ms(keys.map((t) => t.painted - t.typed))}`);
  console.log(`keystroke to every frame shown: ${ms(keys.map((t) => t.all - t.typed))}`);

  const solved = [], typed = [], desktop = [];
  for (let run = 0; run < runs; ++run) {
    solved.push(await tab.evaluate(`(async () => { const start = performance.now();
      await movimentum.solve(${JSON.stringify(long)}); return performance.now() - start; })()`));
    const text = run % 2 === 0 ? long : long + ' ';
    await tab.evaluate(`movimentum.view.dispatch({ changes: { from: 0, to: movimentum.view.state.doc.length,
      insert: ${JSON.stringify(text)} } })`);
    await tab.evaluate('movimentum.current()');
    const last = (await tab.evaluate('movimentum.timings')).at(-1);
    typed.push(last.all - last.typed);
    const start = process.hrtime.bigint();
    spawnSync(native, ['solve', '--json', longFile], { env, maxBuffer: 1 << 30 });
    desktop.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(`15,001-frame pump: page's solve(text) ${ms(solved)}; typed in, every frame shown ${ms(typed)}; ` +
              `desktop solve --json ${ms(desktop)}; ratio ${(median(solved) / median(desktop)).toFixed(2)}, ` +
              `${(median(typed) / median(desktop)).toFixed(2)}`);
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
  rmSync(longFile, { force: true });
}
