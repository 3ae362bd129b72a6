// The editable page's highlighting, from the VS Code extension's TextMate grammar
// (editors/vscode/syntaxes/movimentum.tmLanguage.json, bundled into the page as it is): the
// grammar's rules applied as tests/editors/test_grammar.py applies them (earliest match wins,
// ties by pattern order, an open rule's end before its patterns at the same place; captures;
// begin/end across lines), so the page, VS Code and that test read a script alike
// (tests/web/highlight_test.mjs compares them on every sample). The grammar's patterns are
// Oniguruma's; the ones it uses (lookbehind, lookahead, \b) read the same in JavaScript.

// `patterns` in order, includes expanded, each with its regular expression.
function compiled(grammar, patterns) {
  const rules = [];
  const expand = (pattern) => {
    if (!pattern.include) {
      rules.push({ rule: pattern, regex: new RegExp(pattern.match || pattern.begin, 'dg') });
      return;
    }
    const target = grammar.repository[pattern.include.slice(1)];
    if (!target.begin && !target.match) target.patterns.forEach(expand);
    else expand(target);
  };
  patterns.forEach(expand);
  return rules;
}

function search(regex, line, from) {
  regex.lastIndex = from;
  return regex.exec(line);
}

// A tokenizer of the grammar: line by line, each column's scopes (innermost last), carrying the
// rules left open at a line's end in `stack` (an array the caller keeps between lines).
export function textmateTokenizer(grammar) {
  const top = compiled(grammar, grammar.patterns);
  const cache = new Map();  // a begin rule: its patterns and end, compiled once
  const opened = (rule) => {
    if (!cache.has(rule))
      cache.set(rule, { rule, patterns: compiled(grammar, rule.patterns || []), end: new RegExp(rule.end, 'dg') });
    return cache.get(rule);
  };
  const paint = (columns, match, captures = {}) => {
    for (const [group, capture] of Object.entries(captures)) {
      const span = match.indices[Number(group)];
      if (span) for (let c = span[0]; c < span[1]; ++c) columns[c].push(capture.name);
    }
  };
  return (line, stack) => {
    const columns = Array.from({ length: line.length + 1 }, () => []);
    let p = 0;
    while (p < line.length) {
      const enclosing = stack.filter((open) => open.rule.name).map((open) => open.rule.name);
      const inner = stack.at(-1);
      const end = inner ? search(inner.end, line, p) : null;
      let best = null;
      for (const candidate of inner ? inner.patterns : top) {
        const m = search(candidate.regex, line, p);
        if (m && m[0].length > 0 && (!best || m.index < best.m.index)) best = { rule: candidate.rule, m };
      }
      if (end && (!best || end.index <= best.m.index)) {
        const stop = end.index + end[0].length;
        for (let c = p; c < stop; ++c) columns[c].push(...enclosing);
        paint(columns, end, inner.rule.endCaptures);
        stack.pop();
        p = stop;
        continue;
      }
      if (!best) {
        for (let c = p; c < line.length; ++c) columns[c].push(...enclosing);
        break;
      }
      const { rule, m } = best;
      const stop = m.index + m[0].length;
      for (let c = p; c < stop; ++c) {
        columns[c].push(...enclosing);
        if (c >= m.index && rule.name) columns[c].push(rule.name);
      }
      paint(columns, m, rule.captures || rule.beginCaptures);
      if (rule.begin) stack.push(opened(rule));
      p = stop;
    }
    return columns;
  };
}

// CodeMirror's highlighting tag (in StreamLanguage's names) for a column's scopes: the innermost
// scope the table names, by its leading parts.
const kStyles = [
  ['comment', 'comment'], ['string', 'string'], ['keyword.control', 'keyword'],
  ['keyword.operator', 'operator'], ['keyword.other.unit', 'unit'], ['constant.numeric', 'number'],
  ['constant.language', 'atom'], ['entity.name.type', 'typeName'], ['entity.name.label', 'labelName'],
  ['storage.type', 'keyword'], ['support.type.property-name', 'propertyName'],
  ['support.function', 'variableName.function'], ['variable.language', 'variableName.special'],
  ['variable.other', 'variableName'], ['punctuation', 'punctuation'],
];

export function styleOf(scopes) {
  for (let i = scopes.length - 1; i >= 0; --i) {
    const found = kStyles.find(([prefix]) => scopes[i] === prefix || scopes[i].startsWith(prefix + '.'));
    if (found) return found[1];
  }
  return null;
}

// A StreamLanguage's parser (@codemirror/language) of the grammar: a line is tokenized when the
// stream starts it, and each token is a run of columns with the same style.
export function textmateStreamParser(grammar) {
  const tokenize = textmateTokenizer(grammar);
  return {
    name: grammar.name.toLowerCase(),
    startState: () => ({ stack: [], styles: [] }),
    copyState: (state) => ({ stack: [...state.stack], styles: state.styles }),
    token(stream, state) {
      if (stream.sol()) state.styles = tokenize(stream.string, state.stack).map(styleOf);
      const style = state.styles[stream.pos];
      do stream.next(); while (!stream.eol() && state.styles[stream.pos] === style);
      return style;
    },
    languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
  };
}
