// Puts the editable page together from its parts: editable.html with the script (as JSON, `<`
// escaped, so no text can end the element it sits in), the solver (movimentum_web.js from
// scripts/web.sh, then worker.js) and the editor bundle (esbuild's, build-web/page/editor.js).
// `images`: the pictures' names as the script writes them, one a line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function editablePage({ text, name, images, solverJs, editorJs }) {
  const solver = readFileSync(solverJs, 'utf8') + '\n' + readFileSync(path.join(here, 'worker.js'), 'utf8');
  const editor = readFileSync(editorJs, 'utf8');
  for (const [part, code] of [['solver', solver], ['editor', editor]])
    if (/<\/script/i.test(code)) throw new Error(`the ${part} holds "</script": it cannot be embedded`);
  const values = {
    '@TITLE@': attribute(name), '@NAME@': attribute(name), '@IMAGES@': attribute(images),
    '@SCRIPT@': JSON.stringify(text).replace(/</g, '\\u003c'), '@SOLVER@': solver, '@EDITOR@': editor,
  };
  // Each placeholder where the template has it; the values themselves are never searched.
  return readFileSync(path.join(here, 'editable.html'), 'utf8')
    .replace(/@(TITLE|NAME|IMAGES|SCRIPT|SOLVER|EDITOR)@/g, (key) => values[key]);
}
