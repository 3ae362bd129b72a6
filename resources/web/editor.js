// The editable page (issue 43): the script in CodeMirror 6 beside the player, every edit compiled
// and solved in a Web Worker running the solver in WebAssembly (worker.js), its diagnostics shown
// at their line and column with the message `movimentum check` prints. As in the desktop editor,
// an edit shows the frame under the playhead first, solved alone, then the new animation from
// there, its frames streaming in; while the text has errors the last animation that compiled
// stays, veiled.
// Highlighting follows the VS Code extension's TextMate grammar (textmate.js).
// `movimentum.solve(text)` answers with what `movimentum solve --json` prints, for tests and for
// people who script the page.
import { EditorView, basicSetup } from 'codemirror';
import { StreamLanguage } from '@codemirror/language';
import { setDiagnostics } from '@codemirror/lint';

import grammar from '../../editors/vscode/syntaxes/movimentum.tmLanguage.json';
// The desktop's player page's player (resources/player/player.js), bundled and minified with the
// editor: run first, it finds no data in the page and waits for this file's (movimentumPlayer).
import '../player/player.js';
import { textmateStreamParser } from './textmate.js';

const page = document.getElementById('mv-page');
const solverSource = document.getElementById('mv-solver').textContent;
const workerUrl = URL.createObjectURL(new Blob([solverSource], { type: 'text/javascript' }));
const name = page.dataset.name;
const images = page.dataset.images;
const player = window.movimentumPlayer;  // resources/player/player.js

// One worker at a time; a request sent while it works on an edit may end it, so the latest text
// wins: its handlers are told null.
class Solver {
  constructor() {
    this.nextId = 0;
    this.handlers = new Map();
    this.start();
  }
  start() {
    this.worker = new Worker(workerUrl);
    this.worker.onmessage = ({ data }) => {
      const handler = this.handlers.get(data.id);
      if (data.stage === 'done') this.handlers.delete(data.id);
      if (handler) handler(data);
    };
  }
  // Posts `request`; `handler` gets each answer to it (null when it was cancelled).
  send(request, handler, cancelsOthers) {
    if (cancelsOthers && this.handlers.size > 0) {
      this.worker.terminate();
      for (const cancelled of this.handlers.values()) cancelled(null);
      this.handlers.clear();
      this.start();
    }
    const id = this.nextId++;
    this.handlers.set(id, handler);
    this.worker.postMessage({ id, name, images, ...request });
  }
}

// `check`'s lines, NAME:LINE:COLUMN: severity: message, as CodeMirror diagnostics. The column
// counts code points, CodeMirror's positions UTF-16 units.
function diagnosticsOf(check, doc) {
  const found = [];
  for (const line of check.split('\n')) {
    const match = /:(\d+):(\d+): (error|warning): (.*)$/.exec(line);
    if (!match) continue;
    const lineNumber = Math.min(Number(match[1]), doc.lines);
    const at = doc.line(lineNumber);
    const prefix = [...at.text].slice(0, Number(match[2]) - 1).join('');
    const from = Math.min(at.from + prefix.length, at.to);
    found.push({ from, to: Math.min(from + 1, at.to), severity: match[3], message: match[4],
                 line: lineNumber, column: Number(match[2]) });
  }
  return found;
}

const solver = new Solver();
const list = document.getElementById('mv-diagnostics');
// The veil over the last good animation while the text has errors, laid on the player's stage
// (the same markup as the player page's, resources/player/player.html).
const stage = document.getElementById('mv-stage');
const notice = document.createElement('div');
const veilElement = document.createElement('div');
veilElement.id = 'mv-veil';
veilElement.appendChild(notice);
stage.appendChild(veilElement);
const listeners = [];
let latest = 0;
let answered = { edit: -1, result: null };
let compiledAt = null;  // when the animation shown compiled
let shownText = '';  // the text of the animation shown, which an edit's first frame starts from
// Per edit, in ms of performance.now() (docs/performance.md): the key that made it (the event's
// time stamp), the playhead's frame drawn and painted (the next animation frame), every frame
// shown. An edit that no key made (the first, one made by a script) starts when it is made.
const timings = [];
let keyAt = null;

function veil(on) {
  stage.classList.toggle('mv-veiled', on && compiledAt !== null);
  if (on && compiledAt !== null)
    notice.textContent = `The text has errors: showing the version that compiled at ${compiledAt}`;
}

function onAnswer(view, edit, text, answer) {
  if (!answer || edit !== latest) return;
  const timing = timings[timings.length - 1];
  if (answer.stage === 'partial') {  // frames solved so far: no diagnostics, nothing changed there
    player.show(JSON.parse(answer.player), true);
    shownText = text;
    timing.partial = (timing.partial || 0) + 1;
    return;
  }
  const diagnostics = diagnosticsOf(answer.check, view.state.doc);
  const errors = diagnostics.some((d) => d.severity === 'error');
  view.dispatch(setDiagnostics(view.state, diagnostics));
  list.textContent = diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`).join('\n');
  veil(errors);
  if (answer.player && answer.stage === 'preview') {
    player.preview(JSON.parse(answer.player));
    timing.frame = performance.now();
    requestAnimationFrame(() => { timing.painted = performance.now(); });
  } else if (answer.player) {
    player.show(JSON.parse(answer.player));
    shownText = text;
    compiledAt = new Date().toTimeString().slice(0, 8);
    timing.all = performance.now();
  }
  if (answer.stage !== 'done') {
    page.dataset.state = errors ? 'errors' : 'preview';
    return;
  }
  page.dataset.state = errors ? 'errors' : 'solved';
  answered = { edit, result: { diagnostics, state: page.dataset.state } };
  for (const listener of listeners.splice(0)) listener(answered.result);
}

function compile(view) {
  const edit = ++latest;
  timings.push({ edit, typed: keyAt !== null ? keyAt : performance.now() });
  keyAt = null;
  const text = view.state.doc.toString();
  // The first frame solved starts from the frame shown, as in the desktop editor (worker.js).
  const before = { text: shownText, poses: player.poses() || [] };
  solver.send({ kind: 'edit', text, frame: player.frame(), before },
              (answer) => onAnswer(view, edit, text, answer), true);
}

const view = new EditorView({
  doc: JSON.parse(document.getElementById('mv-script').textContent),
  extensions: [basicSetup, StreamLanguage.define(textmateStreamParser(grammar)),
               EditorView.updateListener.of((update) => { if (update.docChanged) compile(view); })],
  parent: document.getElementById('mv-editor'),
});
for (const type of ['keydown', 'beforeinput'])
  view.contentDOM.addEventListener(type, (event) => { if (keyAt === null) keyAt = event.timeStamp; }, true);
compile(view);

// player.js adds the player and its page to this object once the first animation is shown.
window.movimentum = Object.assign(window.movimentum || {}, {
  // What `movimentum solve --json` prints for `text` ("" where it prints nothing); null when an
  // edit cancelled it.
  solve: (text) => new Promise((resolve) => solver.send({ kind: 'solve', text },
                                                        (answer) => resolve(answer && answer.json),
                                                        false)),
  // The answer to the text as it is now, its diagnostics and the page's state, once every frame
  // is shown.
  current: () => (answered.edit === latest ? Promise.resolve(answered.result)
                                            : new Promise((resolve) => listeners.push(resolve))),
  view,
  timings,
});
