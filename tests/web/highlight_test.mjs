// The editable page's highlighting (resources/web/textmate.js) reads a script as the VS Code
// extension's TextMate grammar says: the inline scope assertions of tests/editors/*.movimentum
// hold for it, and on every sample and those files each column has the scopes the grammar's own
// test (tests/editors/test_grammar.py) gives it; the CodeMirror parser's tokens are those scopes'
// styles. Run by scripts/web.sh: node highlight_test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { styleOf, textmateStreamParser, textmateTokenizer } from '../../resources/web/textmate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const grammar = JSON.parse(readFileSync(path.join(root, 'editors/vscode/syntaxes/movimentum.tmLanguage.json'), 'utf8'));
const files = [
  ...readdirSync(path.join(root, 'tests/editors')).filter((f) => f.endsWith('.movimentum')).map((f) => `tests/editors/${f}`),
  ...readdirSync(path.join(root, 'samples')).filter((f) => f.endsWith('.movimentum')).map((f) => `samples/${f}`),
].sort();

function tokenized(text) {
  const tokenize = textmateTokenizer(grammar);
  const stack = [];
  return text.split('\n').map((line) => tokenize(line, stack));
}

// The Python test's tokenizer on the same files: each column's scopes, sorted.
const python = spawnSync('/usr/bin/python3', ['-c', `
import json, sys
sys.path.insert(0, ${JSON.stringify(path.join(root, 'tests/editors'))})
import test_grammar
grammar = json.load(open(test_grammar.GRAMMAR))
out = {}
for name in sys.argv[1:]:
    lines = open(name, encoding="utf-8").read().split("\\n")
    out[name] = [[sorted(c) for c in columns] for columns in test_grammar.tokenize(grammar, lines)]
print(json.dumps(out))
`, ...files.map((f) => path.join(root, f))], { encoding: 'utf8', maxBuffer: 1 << 28,
                                               env: { ...process.env, MOVIMENTUM_SOURCE_DIR: root } });
assert.equal(python.status, 0, python.stderr);
const expected = JSON.parse(python.stdout);

let columns = 0;
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const ours = tokenized(text);
  const theirs = expected[path.join(root, file)];
  ours.forEach((line, l) => line.forEach((scopes, c) => {
    assert.deepEqual([...new Set(scopes)].sort(), theirs[l][c], `${file}:${l + 1}:${c + 1}`);
    ++columns;
  }));
}

// The assertions under the lines of tests/editors/*.movimentum (vscode-tmgrammar-test's notation).
let asserted = 0;
for (const file of files.filter((f) => f.startsWith('tests/editors/'))) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const scopes = tokenized(lines.join('\n'));
  let source = null;
  lines.forEach((line, number) => {
    const m = /^\/\/\s*(\^+|<-*)\s+(\S+)\s*$/.exec(line);
    if (!m || source === null) { source = number; return; }
    const start = m[1].startsWith('<') ? 0 : line.indexOf(m[1]);
    const count = m[1].startsWith('<') ? m[1].split('-').length - 1 : m[1].length;
    for (let c = start; c < start + count; ++c, ++asserted)
      assert.ok(scopes[source][c].includes(m[2]), `${file}:${source + 1}:${c + 1}: ${m[2]} not in ${scopes[source][c]}`);
  });
}
assert.ok(asserted > 20);

// The CodeMirror parser's tokens over the pump: runs of one style, each its scopes' style.
const pump = readFileSync(path.join(root, 'samples/pump.movimentum'), 'utf8').split('\n');
const parser = textmateStreamParser(grammar);
const state = parser.startState();
const pumpScopes = tokenized(pump.join('\n'));
const seen = new Set();
pump.forEach((text, l) => {
  const stream = { string: text, pos: 0, sol() { return this.pos === 0; }, eol() { return this.pos >= text.length; },
                   next() { return text[this.pos++]; } };
  while (!stream.eol()) {
    const from = stream.pos;
    const style = parser.token(stream, state);
    for (let c = from; c < stream.pos; ++c) assert.equal(style, styleOf(pumpScopes[l][c]), `pump ${l + 1}:${c + 1}`);
    seen.add(style);
  }
});
for (const style of ['comment', 'string', 'keyword', 'number', 'typeName', 'operator', 'variableName.function'])
  assert.ok(seen.has(style), `the pump has no ${style}`);
console.log(`web highlighting: ${columns} columns of ${files.length} scripts scoped as the grammar's test scopes them, ` +
            `${asserted} assertions hold`);
