// The editable page (issue 43): the script in CodeMirror 6 beside the player, every edit compiled
// and solved in a Web Worker running the solver in WebAssembly (worker.js), its diagnostics shown
// at their line and column with the message `movimentum check` prints. `movimentum.solve(text)`
// answers with what `movimentum solve --json` prints, for tests and for people who script the page.
import { EditorView, basicSetup } from 'codemirror';
import { setDiagnostics } from '@codemirror/lint';

const page = document.getElementById('mv-page');
const solverSource = document.getElementById('mv-solver').textContent;
const workerUrl = URL.createObjectURL(new Blob([solverSource], { type: 'text/javascript' }));
const name = page.dataset.name;
const images = page.dataset.images;

// One worker at a time; a request sent while it works ends it, so the latest text wins.
class Solver {
  constructor() {
    this.nextId = 0;
    this.pending = new Map();
    this.start();
  }
  start() {
    this.worker = new Worker(workerUrl);
    this.worker.onmessage = ({ data }) => {
      const resolve = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (resolve) resolve(data);
    };
  }
  // Resolves with { check, json } for `text`, or with null when a later edit cancelled it.
  run(text, cancelsOthers) {
    if (cancelsOthers && this.pending.size > 0) {
      this.worker.terminate();
      for (const resolve of this.pending.values()) resolve(null);
      this.pending.clear();
      this.start();
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, text, name, images });
    });
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
const listeners = [];
let latest = 0;
let answered = { edit: -1, result: null };

async function compile(view) {
  const edit = ++latest;
  const answer = await solver.run(view.state.doc.toString(), true);
  if (!answer || edit !== latest) return;
  const diagnostics = diagnosticsOf(answer.check, view.state.doc);
  view.dispatch(setDiagnostics(view.state, diagnostics));
  list.textContent = diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`).join('\n');
  page.dataset.state = diagnostics.some((d) => d.severity === 'error') ? 'errors' : 'solved';
  answered = { edit, result: { diagnostics, json: answer.json } };
  for (const listener of listeners.splice(0)) listener(answered.result);
}

const view = new EditorView({
  doc: JSON.parse(document.getElementById('mv-script').textContent),
  extensions: [basicSetup,
               EditorView.updateListener.of((update) => { if (update.docChanged) compile(view); })],
  parent: document.getElementById('mv-editor'),
});
compile(view);

window.movimentum = {
  // What `movimentum solve --json` prints for `text` ("" where it prints nothing).
  solve: async (text) => (await solver.run(text, false)).json,
  // The answer to the text as it is now, its diagnostics and JSON, once the worker has it.
  current: () => (answered.edit === latest ? Promise.resolve(answered.result)
                                            : new Promise((resolve) => listeners.push(resolve))),
  view,
};
