// The editable page in headless Chromium, driven through its DevTools protocol (devtools.mjs): the
// pump's page solves in its worker as the WebAssembly module does in node; a typo shows the
// diagnostics `movimentum check` prints for the changed text, at their line and column; fixing it
// solves again; a longer crank solves as `movimentum solve --json` of the changed text does (to
// 1e-6: the pump is one of tests/web/libm_differences.txt's). `movimentum.solve(text)` is the
// page's API. Run by scripts/web.sh: node page_test.mjs WEB_JS EDITOR_JS NATIVE_MOVIMENTUM
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { editablePage } from '../../resources/web/assemble.mjs';
import { openBrowser } from './devtools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [solverJs, editorJs, native] = process.argv.slice(2).map((p) => path.resolve(p));
const folder = mkdtempSync(path.join(tmpdir(), 'movimentum-page-'));
const pictures = ['engine.png', 'crank.png', 'conrod.png', 'piston.png'];
for (const picture of pictures)
  writeFileSync(path.join(folder, picture), readFileSync(path.join(root, 'samples', picture)));
const pump = readFileSync(path.join(root, 'samples/pump.movimentum'), 'utf8');

// What the desktop prints for `text` saved beside the pictures.
function desktop(command, text) {
  const file = path.join(folder, 'pump.movimentum');
  writeFileSync(file, text);
  return spawnSync(native, [command, ...(command === 'solve' ? ['--json'] : []), file],
    { encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' } }).stdout;
}

// The first difference beyond `tolerance` (relative past 1) between two solve documents, or null;
// iteration counts are the solver's own business.
function difference(a, b, where = 'solve', tolerance = 1e-6) {
  if (typeof a === 'number' && typeof b === 'number') {
    if (/\.(iterations|substeps)$/.test(where)) return null;
    return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b)) ? null : `${where}: ${a} != ${b}`;
  }
  if (typeof a !== 'object' || a === null || b === null) return a === b ? null : `${where}: ${a} != ${b}`;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = difference(a[key], b[key], `${where}.${key}`, tolerance);
    if (found) return found;
  }
  return null;
}

const pageFile = path.join(folder, 'pump.html');
writeFileSync(pageFile, editablePage({ text: pump, name: 'pump.movimentum', images: pictures.join('\n'), solverJs, editorJs }));
const wasm = await createRequire(import.meta.url)(solverJs)();
const browser = await openBrowser();
let failed = false;
try {
  const tab = await browser.open(`file://${pageFile}`);
  // The tab may still show about:blank when asked first: asked again once the page is there.
  let loaded = false;
  for (let attempt = 0; attempt < 200 && !loaded; ++attempt) {
    loaded = await tab.evaluate(`new Promise((done) => document.readyState === 'complete'
      ? done(typeof movimentum === 'object') : addEventListener('load', () => done(true)))`).catch(() => false);
  }
  assert.ok(loaded, 'the page did not load');

  const opened = await tab.evaluate('movimentum.current()');
  assert.deepEqual(opened.diagnostics, [], 'the pump opens without diagnostics');
  assert.equal(opened.json, wasm.solveJson(pump, 'pump.movimentum', '', pictures.join('\n')),
               "the page's worker solves as the module does in node");
  assert.equal(await tab.evaluate(`movimentum.solve(${JSON.stringify(pump)})`), opened.json,
               'movimentum.solve(text) is solve --json');

  // A typo typed at the start of line 13: the diagnostics `check` prints, at their line:column.
  await tab.evaluate(`(() => { const doc = movimentum.view.state.doc;
    movimentum.view.focus(); movimentum.view.dispatch({ selection: { anchor: doc.line(13).from } }); })()`);
  await tab.send('Input.insertText', { text: '@@' });
  const typo = await tab.evaluate('movimentum.current()');
  const typed = await tab.evaluate('movimentum.view.state.doc.toString()');
  const expected = desktop('check', typed).split('\n').filter(Boolean)
    .map((line) => /:(\d+):(\d+): (?:error|warning): (.*)$/.exec(line)).map(([, l, c, m]) => `${l}:${c}: ${m}`);
  assert.ok(expected.length > 0, 'the typo is an error for the desktop too');
  assert.deepEqual(typo.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`), expected);
  assert.equal(await tab.evaluate("document.getElementById('mv-diagnostics').textContent"), expected.join('\n'));
  assert.equal(await tab.evaluate("document.getElementById('mv-page').dataset.state"), 'errors');

  // Fixed with two backspaces: no diagnostics, solved again.
  for (let i = 0; i < 2; ++i) {
    await tab.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 });
    await tab.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 });
  }
  const fixed = await tab.evaluate('movimentum.current()');
  assert.equal(await tab.evaluate('movimentum.view.state.doc.toString()'), pump);
  assert.deepEqual(fixed.diagnostics, []);
  assert.equal(fixed.json, opened.json);

  // The crank longer: the page's frames are the desktop's for the changed text.
  const longer = pump.replace('Q = P+[0,35]', 'Q = P+[0,45]');
  assert.notEqual(longer, pump);
  await tab.evaluate(`movimentum.view.dispatch({ changes: { from: 0, to: movimentum.view.state.doc.length,
    insert: ${JSON.stringify(longer)} } })`);
  const changed = await tab.evaluate('movimentum.current()');
  assert.notEqual(changed.json, opened.json, 'the longer crank moves otherwise');
  const problem = difference(JSON.parse(desktop('solve', longer)), JSON.parse(changed.json));
  assert.equal(problem, null);
  console.log('web page: opens solved, shows a typo at its line:column, solves again when fixed ' +
              'and with a longer crank as the desktop does');
} catch (error) {
  failed = true;
  console.log(`FAIL web page: ${error.message}`);
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
