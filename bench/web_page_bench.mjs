// The editable page in headless Chromium (tests/web/devtools.mjs): from opening the pump's page to
// its first answer (compiled and solved in the worker), and from a keystroke to the answer for the
// new text, median of 21, as the desktop's keystroke bench counts them (wall time). The page has
// no player yet, so the answer is the diagnostics and the JSON, not the canvas. Figures in
// docs/performance.md.
//
//   scripts/web.sh && node bench/web_page_bench.mjs
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { editablePage } from '../resources/web/assemble.mjs';
import { openBrowser } from '../tests/web/devtools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = mkdtempSync(path.join(tmpdir(), 'movimentum-page-bench-'));
const page = path.join(folder, 'pump.html');
writeFileSync(page, editablePage({
  text: readFileSync(path.join(root, 'samples/pump.movimentum'), 'utf8'), name: 'pump.movimentum',
  images: 'engine.png\ncrank.png\nconrod.png\npiston.png',
  solverJs: path.join(root, 'build-web/movimentum/app/web/movimentum_web.js'),
  editorJs: path.join(root, 'build-web/page/editor.js'),
}));
const milliseconds = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const browser = await openBrowser();
try {
  const opening = process.hrtime.bigint();
  const tab = await browser.open(`file://${page}`);
  let loaded = false;
  while (!loaded) {
    loaded = await tab.evaluate(`new Promise((done) => document.readyState === 'complete'
      ? done(typeof movimentum === 'object') : addEventListener('load', () => done(true)))`).catch(() => false);
  }
  await tab.evaluate('movimentum.current()');
  console.log(`opened and solved: ${milliseconds(opening).toFixed(0)} ms`);
  await tab.evaluate(`(() => { movimentum.view.focus(); movimentum.view.dispatch({ selection: {
    anchor: movimentum.view.state.doc.toString().indexOf('[330,0]') + 4 } }); })()`);
  const times = [];
  for (let i = 0; i < 21; ++i) {
    // 330 becomes 3301 and back: two keystrokes, each timed to its answer.
    for (const key of i % 2 === 0 ? ['insert'] : ['delete']) {
      const start = process.hrtime.bigint();
      if (key === 'insert') await tab.send('Input.insertText', { text: '1' });
      else {
        await tab.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 });
        await tab.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 });
      }
      await tab.evaluate('movimentum.current()');
      times.push(milliseconds(start));
    }
  }
  times.sort((a, b) => a - b);
  console.log(`keystroke to answer: median ${times[10].toFixed(0)} ms, ` +
              `fastest ${times[0].toFixed(0)} ms, slowest ${times[20].toFixed(0)} ms`);
} finally {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
}
