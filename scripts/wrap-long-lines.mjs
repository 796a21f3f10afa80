#!/usr/bin/env node
// Breaks the source lines that prettier leaves over 120 (issue 22, item 6), and never changes a value:
// - a long string literal becomes 'a ' + 'b', cut at a word boundary (an escape is never cut);
// - a long template literal becomes `a ` + `b`, cut at a text boundary (never inside ${...}); String.raw`...`
//   becomes String.raw`a` + String.raw`b`; in an html`...` template (the dashboard's tag, libs/dashboard/src/http/
//   kit/html.ts, reads the cooked strings) a line continuation (a backslash before the line break, which cooks to
//   nothing) moves the rest of the line to the next one, at column 0;
// - a long ${cond ? a : b}, ${a && b} or ${f({ ... })} gets a line break that makes prettier lay the code out;
// - a long comment is rewrapped with its indentation and its `//`, ` * ` or list-item prefix; a trailing comment
//   moves above its line; a one-line /** ... */ becomes a block;
// - an import of one name from a long path gets the multi-line form under `// prettier-ignore`.
// Each rewrite is proved before it is written: the cooked text of the original literal equals the concatenation of
// the pieces' cooked texts (check-literals.mjs, beside this file, then compares whole trees).
// Prettier runs on each file it changes, until nothing changes. Length is counted in bytes, as `awk 'length > 120'`
// (mawk) counts it. Lines it cannot break are listed, exit code 2, for a hand fix.
//
// Usage: node scripts/wrap-long-lines.mjs [--max=120] [--check] [paths...]
//        (default: apps libs test bench scripts tools, and the .js/.mjs/.ts files at the top)
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import * as prettier from 'prettier';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const args = process.argv.slice(2);
const MAX = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? 120);
const CHECK = args.includes('--check');
const VERBOSE = args.includes('--verbose');
const roots = args.filter((a) => !a.startsWith('--'));
const EXTENSIONS = /\.(ts|mts|cts|js|mjs|cjs)$/;
/** Tags whose results concatenate like strings (String.raw returns a string). */
const CONCAT_TAGS = new Set(['String.raw']);
/** Tags that read the cooked strings only (libs/dashboard/src/http/kit/html.ts), where a line continuation (a `\`
 * before the line break) cooks to nothing: the rest of the line moves to the next one, at column 0. */
const CONTINUATION_TAGS = new Set(['html']);
const DIRECTIVE = /(eslint-disable|eslint-enable|prettier-ignore|@ts-|istanbul|c8 |jscpd|webpackChunkName|#__PURE__)/;

function walk(path, out) {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      walk(join(path, entry), out);
    }
  } else if (EXTENSIONS.test(path) && !path.endsWith('.d.ts')) out.push(path);
  return out;
}

/** By default: the source folders, and the scripts and configs at the top (.dependency-cruiser.js included). */
const DEFAULT_ROOTS = ['apps', 'libs', 'test', 'bench', 'scripts', 'tools'].filter((d) => existsSync(d));
const TOP_FILES = readdirSync('.').filter((f) => EXTENSIONS.test(f) && statSync(f).isFile());
const files = (roots.length ? roots : [...DEFAULT_ROOTS, ...TOP_FILES]).flatMap((root) => walk(root, []));
let changedFiles = 0;
let edits = 0;
const unresolved = [];
const stats = {};
/** Line length as `awk 'length > 120'` counts it here (mawk: bytes), which is never less than characters. */
const width = (s) => Buffer.byteLength(s, 'utf8');
const count = (kind) => (stats[kind] = (stats[kind] ?? 0) + 1);

for (const file of files) {
  const original = readFileSync(file, 'utf8');
  let text = original;
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  // one pass of edits, then prettier lays the result out; again while lines are left and something changed
  // (a line break after `${` that prettier takes back is not tried again on that line)
  const avoid = new Set();
  for (let round = 0; round < 24; round++) {
    const result = onePass(file, text, avoid);
    if (result.text === text) break;
    const formatted = await prettier.format(result.text, options);
    if (formatted === text) {
      const before = avoid.size;
      for (const line of text.split('\n')) if (width(line) > MAX) avoid.add(line);
      if (avoid.size === before) break;
    }
    text = formatted;
  }
  // prettier is not always idempotent (a member chain it broke may be joined on the next run): format to a fixed point
  if (text !== original) {
    for (let again = 0; again < 3; again++) {
      const formatted = await prettier.format(text, options);
      if (formatted === text) break;
      text = formatted;
    }
  }
  const left = text
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => width(line) > MAX)
    .map(({ line, i }) => `${file}:${i + 1}: ${line.trim().slice(0, 100)}`);
  unresolved.push(...left);
  if (text !== original) {
    changedFiles++;
    if (!CHECK) writeFileSync(file, text);
  }
}

for (const line of unresolved) process.stdout.write(`unbroken ${line}\n`);
process.stdout.write(
  `wrap-long-lines: ${edits} edits in ${changedFiles} files ${JSON.stringify(stats)}; ` +
    `${unresolved.length} lines left over ${MAX}\n`,
);
process.exit(unresolved.length > 0 ? 2 : CHECK && changedFiles > 0 ? 1 : 0);

// ---------------------------------------------------------------------------------------------------------------

function onePass(file, text, avoid) {
  const lines = text.split('\n');
  const starts = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const long = [];
  lines.forEach((line, index) => {
    if (width(line) > MAX) long.push(index);
  });
  if (long.length === 0) return { text, left: [] };
  const kind = /\.(ts|mts|cts)$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const comments = collectComments(sf, text);
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const planned = []; // { start, end, replacement }
  const left = [];
  const overlaps = (start, end) => planned.some((e) => start < e.end && e.start < end);
  const plan = (start, end, replacement, what) => {
    if (overlaps(start, end)) return true; // wait for the next pass
    planned.push({ start, end, replacement });
    count(what);
    return true;
  };

  for (const index of long) {
    const lineStart = starts[index];
    const lineEnd = lineStart + lines[index].length;
    const line = lines[index];
    const done =
      commentEdit(index, line, lineStart, lineEnd) ||
      importEdit(index, lineStart, lineEnd) ||
      literalEdit(index, line, lineStart, lineEnd);
    if (!done) left.push(`${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
  }

  if (planned.length === 0) return { text, left };
  planned.sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of planned) out = out.slice(0, edit.start) + edit.replacement + out.slice(edit.end);
  edits += planned.length;
  if (VERBOSE) process.stderr.write(`${file}: ${planned.length} edits\n`);
  return { text: out, left: [] };

  // ----- comments ------------------------------------------------------------------------------------------------

  function commentEdit(index, line, lineStart, lineEnd) {
    const here = comments.filter((c) => c.pos < lineEnd && c.end > lineStart);
    if (here.length === 0) return false;
    const comment = here[here.length - 1];
    const firstCode = lineStart + (line.length - line.trimStart().length);
    // a comment that starts on this line after code: move it above the line (unless the line starts inside a literal)
    if (comment.pos >= lineStart && comment.pos > firstCode && lineOf(comment.end) === index) {
      const codeEnd = lineStart + line.slice(0, comment.pos - lineStart).trimEnd().length;
      if (width(line.slice(0, comment.pos - lineStart).trimEnd()) > MAX) return false;
      if (startsInsideLiteral(firstCode)) return false;
      if (DIRECTIVE.test(text.slice(comment.pos, comment.end))) return false;
      const indent = line.slice(0, firstCode - lineStart);
      const body = text.slice(comment.pos, comment.end);
      return plan(lineStart, lineEnd, `${indent}${body}\n${line.slice(0, codeEnd - lineStart)}`, 'comment-moved');
    }
    const single = text.slice(comment.pos, comment.end);
    if (DIRECTIVE.test(single) && !single.startsWith('/*')) return false;
    if (comment.kind === ts.SyntaxKind.SingleLineCommentTrivia) return lineCommentEdit(index, comment);
    return blockCommentEdit(index, comment);
  }

  function lineCommentEdit(index) {
    // a paragraph of `//` lines with the same prefix, from this line on
    const parse = (l) => /^(\s*\/\/+ ?)(\s*)((?:[-*+]|\d+[.)])\s+)?(.*)$/.exec(l);
    const head = parse(lines[index]);
    if (!head || head[2].length > 0) return false; // an indented (code-like) comment line: leave it
    const prefix = head[1];
    const marker = head[3] ?? '';
    const firstPrefix = prefix + marker;
    const contPrefix = prefix + ' '.repeat(marker.length);
    const words = [head[4]];
    let last = index;
    while (last + 1 < lines.length) {
      const next = lines[last + 1];
      if (!next.startsWith(contPrefix) || next.length === contPrefix.length) break;
      const rest = next.slice(contPrefix.length);
      if (/^\s/.test(rest) && marker === '') break;
      if (/^\s/.test(rest)) break;
      if (/^((?:[-*+]|\d+[.)])\s|@|```|\||<)/.test(rest) || DIRECTIVE.test(rest)) break;
      if (!/^\s*\/\//.test(next)) break;
      words.push(rest);
      last++;
      if (width(next) <= MAX && last > index) {
        // stop reflowing once a following line keeps its own break (it fits and ends a sentence)
        if (/[.:;!?)]$/.test(rest)) break;
      }
    }
    const filled = fill(words.join(' '), firstPrefix, contPrefix);
    if (!filled) return false;
    return plan(starts[index], starts[last] + lines[last].length, filled, 'comment-wrapped');
  }

  function blockCommentEdit(index, comment) {
    const body = text.slice(comment.pos, comment.end);
    const startLine = lineOf(comment.pos);
    const endLine = lineOf(comment.end);
    if (startLine === endLine) {
      // /** one line */ → a block, if the comment stands on its own line
      const line = lines[index];
      const before = line.slice(0, comment.pos - starts[index]);
      if (before.trim() !== '' || line.slice(comment.end - starts[index]).trim() !== '') return false;
      const match = /^(\/\*\*?)\s*([\s\S]*?)\s*\*\/$/.exec(body);
      if (!match) return false;
      const filled = fill(match[2], `${before} * `, `${before} * `);
      if (!filled) return false;
      return plan(
        starts[index],
        starts[index] + line.length,
        `${before}${match[1]}\n${filled}\n${before} */`,
        'comment-block',
      );
    }
    // a line inside a block comment: rewrap its paragraph with the same ` * ` (or blank) prefix
    const parse = (l) => /^(\s*(?:\/\*\*?|\*)?\s?)(\s*)((?:[-*+]|\d+[.)])\s+)?(.*?)(\s*\*\/)?$/.exec(l);
    const head = parse(lines[index]);
    if (!head) return false;
    if (index === startLine && !/^\s*\/\*\*?\s*\S/.test(lines[index])) return false;
    const prefix = head[1] + head[2];
    const marker = head[3] ?? '';
    if (index === startLine) {
      // `/** text ...` on the opening line: continue with ` * `
      const indent = /^\s*/.exec(lines[index])[0];
      const cont = /^\s*\*/.test(lines[index + 1] ?? '') ? lines[index + 1].match(/^\s*\*\s?/)[0] : `${indent} * `;
      const filled = fill(head[4], head[1] + head[2] + marker, cont + ' '.repeat(marker.length));
      if (!filled || head[5]) return false;
      return plan(starts[index], starts[index] + lines[index].length, filled, 'comment-wrapped');
    }
    const contPrefix = prefix + ' '.repeat(marker.length);
    const words = [head[4]];
    let closing = head[5] ?? '';
    let last = index;
    while (!closing && last + 1 < endLine) {
      const next = lines[last + 1];
      const n = parse(next);
      if (!n || n[1] + n[2] !== contPrefix || n[3] || n[4] === '' || /^(@|```|\||<)/.test(n[4])) break;
      if (last + 1 === endLine) break;
      words.push(n[4]);
      closing = n[5] ?? '';
      last++;
      if (width(next) <= MAX && /[.:;!?)]$/.test(n[4])) break;
    }
    if (lineOf(comment.end) === last && !closing) return false;
    let filled = fill(words.join(' '), prefix + marker, contPrefix);
    if (!filled) return false;
    if (closing) {
      const lastLine = filled.slice(filled.lastIndexOf('\n') + 1);
      filled += width(lastLine + closing) <= MAX ? closing : `\n${prefix.replace(/\s+$/, '').replace(/\*$/, '*/')}`;
    }
    return plan(starts[index], starts[last] + lines[last].length, filled, 'comment-wrapped');
  }

  /** Greedy fill of words; null if a single word does not fit (a URL, say). */
  function fill(paragraph, firstPrefix, contPrefix) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    const out = [];
    let current = firstPrefix;
    let empty = true;
    for (const word of words) {
      if (!empty && width(current) + 1 + width(word) > MAX) {
        out.push(current);
        current = contPrefix;
        empty = true;
      }
      current += (empty ? '' : ' ') + word;
      empty = false;
    }
    out.push(current);
    if (out.some((l) => width(l) > MAX)) return null;
    return out.map((l) => l.replace(/\s+$/, '')).join('\n');
  }

  function startsInsideLiteral(pos) {
    const node = innermost(sf, pos);
    return node !== sf && isTextToken(node) && node.getStart(sf) < pos;
  }

  // ----- imports ---------------------------------------------------------------------------------------------------

  function importEdit(index, lineStart, lineEnd) {
    const statement = sf.statements.find(
      (s) => s.getStart(sf) <= lineStart + lines[index].search(/\S/) && s.end >= lineEnd,
    );
    if (!statement || !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) return false;
    if (lineOf(statement.getStart(sf)) !== index || lineOf(statement.end) !== index) return false;
    const source = text.slice(statement.getStart(sf), statement.end);
    const match = /^((?:import|export)(?:\s+type)?\s*)\{\s*([^{}]+?)\s*\}(\s*from\s*['"][^'"]+['"];?)$/.exec(source);
    if (!match) return false;
    const indent = /^\s*/.exec(lines[index])[0];
    const names = match[2]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const replacement =
      `${indent}// prettier-ignore\n` +
      `${indent}${match[1]}{\n${names.map((n) => `${indent}  ${n},\n`).join('')}${indent}}${match[3]}`;
    return plan(lineStart, lineEnd, replacement, 'import');
  }

  // ----- literals --------------------------------------------------------------------------------------------------

  function literalEdit(index, line, lineStart, lineEnd) {
    const edge = posAtWidth(index, MAX);
    const at = innermost(sf, edge);
    // 1. the overflow is inside templates (outermost first). Untagged: concatenate at a text boundary, else let
    //    prettier break a long ${cond ? a : b} / ${a && b}, else cut anywhere between units. html``: break the
    //    substitution, else a line continuation.
    const templates = enclosingTemplates(at, edge).reverse();
    for (const template of templates) {
      if (isContinued(template)) {
        if (breakSubstitution(template, index, lineStart, lineEnd)) return true;
        if (splitTemplate(template, index, lineStart, lineEnd, 0)) return true;
      } else {
        if (splitTemplate(template, index, lineStart, lineEnd, 2)) return true;
        if (breakSubstitution(template, index, lineStart, lineEnd)) return true;
        if (splitTemplate(template, index, lineStart, lineEnd, 0)) return true;
      }
    }
    if (ts.isStringLiteral(at) && canSplitString(at) && splitString(at, index, lineStart, 0)) return true;
    // 2. the overflow is code: split the longest literal on the line at a word boundary (a test name before
    //    `async () => {`)
    const candidates = [];
    visit(sf);
    function visit(node) {
      if (node.end < lineStart || node.getStart(sf) > lineEnd) return;
      if (ts.isStringLiteral(node) && canSplitString(node) && lineOf(node.getStart(sf)) === index)
        candidates.push(node);
      if (isTemplate(node)) candidates.push(node);
      ts.forEachChild(node, visit);
    }
    const segment = (node) => Math.min(node.end, lineEnd) - Math.max(node.getStart(sf), lineStart);
    candidates.sort((a, b) => segment(b) - segment(a));
    for (const node of candidates) {
      if (segment(node) < 20) continue;
      if (
        ts.isStringLiteral(node)
          ? splitString(node, index, lineStart, 2, true)
          : splitTemplate(node, index, lineStart, lineEnd, 2)
      )
        return true;
    }
    for (const node of candidates)
      if (isTemplate(node) && breakSubstitution(node, index, lineStart, lineEnd, true)) return true;
    return false;
  }

  function isContinued(template) {
    return ts.isTaggedTemplateExpression(template.parent) && CONTINUATION_TAGS.has(template.parent.tag.getText(sf));
  }

  /** The templates around pos, innermost first. */
  function enclosingTemplates(node, pos) {
    const out = [];
    for (let n = node; n && n !== sf; n = n.parent) {
      if (isTemplate(n) && n.getStart(sf) <= pos && pos < n.end) out.push(n);
    }
    return out;
  }

  /** A `${` on this line whose expression is long and on one line: a newline after `${` lets prettier lay it out. */
  function breakSubstitution(template, index, lineStart, lineEnd, anywhere = false) {
    if (avoid.has(lines[index])) return false;
    if (!ts.isTemplateExpression(template)) return false;
    const spans = template.templateSpans
      .map((span) => ({ span, open: span.expression.pos - 2, expr: span.expression }))
      .filter(({ open, expr }) => open >= lineStart && open < lineEnd && lineOf(expr.end) === index);
    const edge = posAtWidth(index, MAX);
    const crossing = spans.filter(({ open, expr }) => anywhere || (open < edge && expr.end > edge - 10));
    const chosen = crossing.sort((a, b) => b.expr.end - b.expr.pos - (a.expr.end - a.expr.pos))[0];
    if (!chosen) return false;
    const expr = chosen.expr;
    const length = expr.end - expr.getStart(sf);
    if (length < 24 || text.slice(chosen.open, chosen.open + 2) !== '${') return false;
    // `${cond ? a : b}`, `${a && b}`: prettier keeps a break after `${` and indents the expression
    if (isBreakable(expr)) return plan(expr.pos, expr.pos, '\n', 'substitution');
    // an object literal in it: a newline after its `{` keeps it expanded
    const object = findNode(expr, (n) => ts.isObjectLiteralExpression(n) && n.properties.length > 1);
    if (object) return plan(object.getStart(sf) + 1, object.getStart(sf) + 1, '\n', 'substitution');
    // anything else: any newline in ${...} makes prettier lay the expression out at the width (a member chain breaks)
    if (length < 40) return false;
    return plan(expr.pos, expr.pos, '\n', 'substitution');
  }

  function findNode(root, test) {
    let found;
    const look = (n) => {
      if (found) return;
      if (test(n)) found = n;
      else ts.forEachChild(n, look);
    };
    look(root);
    return found;
  }

  /** Prettier keeps a break after `${` for these (and lays them out); a call it would put back on one line. */
  function isBreakable(expr) {
    return ts.isConditionalExpression(expr) || ts.isBinaryExpression(expr);
  }

  function splitTemplate(template, index, lineStart, lineEnd, minScore) {
    const tagged = ts.isTaggedTemplateExpression(template.parent) ? template.parent : undefined;
    const tag = tagged ? tagged.tag.getText(sf) : '';
    if (tagged && !CONCAT_TAGS.has(tag) && !CONTINUATION_TAGS.has(tag)) return false;
    const open = template.getStart(sf); // the opening backtick
    const close = template.end - 1; // the closing backtick
    const ranges = templateTextRanges(template);
    const lineText = (pos) => pos - lineStart;
    // break positions on this line: unit boundaries inside the text (not at the very start or end of the template)
    const limit = posAtWidth(index, MAX - (CONTINUATION_TAGS.has(tag) ? 1 : 4));
    const candidates = [];
    for (const [from, to] of ranges) {
      for (const pos of unitBoundaries(from, to)) {
        if (pos <= open + 1 || pos >= close || pos <= lineStart || pos > limit || pos > lineEnd) continue;
        if (lineOf(pos) !== index) continue;
        candidates.push(pos);
      }
    }
    if (candidates.length === 0) return false;
    const minimum = posAtWidth(index, Math.min(40, Math.floor(MAX / 3)));
    const pos = choose(candidates, minimum, minScore);
    if (pos === undefined) return false;
    if (lineText(pos) < 8 && lineOf(open) !== index) return false;
    const indent = ' '.repeat(indentOf(lineOf(template.getStart(sf))) + 4);
    if (CONTINUATION_TAGS.has(tag)) {
      // html`... A B ...`  →  html`... A \⏎B ...` (the continuation cooks to nothing)
      if (!sameCooked(template, pos)) return false;
      return plan(pos, pos, '\\\n', 'template-continued');
    }
    const start = tagged ? tagged.getStart(sf) : open;
    const head = text.slice(start, pos) + '`';
    const tail = (tagged ? `${tag}\`` : '`') + text.slice(pos, template.end);
    const joined = `${head} +\n${indent}${tail}`;
    const node = tagged ?? template;
    const replacement = needsParens(node) ? `(${joined})` : joined;
    if (!samePieces(text.slice(start, template.end), [head, tail], !!tagged)) return false;
    return plan(start, template.end, replacement, tagged ? 'template-raw' : 'template');
  }

  function splitString(node, index, lineStart, minScore, middle = false) {
    const start = node.getStart(sf);
    const quote = text[start];
    const from = start + 1;
    const to = node.end - 1;
    const limit = posAtWidth(index, MAX - 3);
    const candidates = unitBoundaries(from, to).filter((p) => p > from && p < to && p <= limit);
    if (candidates.length === 0) return false;
    const minimum = posAtWidth(index, Math.min(40, Math.floor(MAX / 3)));
    // the string is not what overflows (a test name before `async () => {`): prettier will give the two pieces a line
    // of their own, so cut where it reads best, at a clause near the middle
    const pos = middle ? nearMiddle(candidates, from, to) : choose(candidates, minimum, minScore);
    if (pos === undefined) return false;
    const head = text.slice(start, pos) + quote;
    const tail = quote + text.slice(pos, node.end);
    const indent = ' '.repeat(indentOf(index) + 4);
    const joined = `${head} +\n${indent}${tail}`;
    if (!samePieces(text.slice(start, node.end), [head, tail], false)) return false;
    return plan(start, node.end, needsParens(node) ? `(${joined})` : joined, 'string');
  }

  function canSplitString(node) {
    const p = node.parent;
    if (!p) return false;
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p)) return false;
    if (ts.isLiteralTypeNode(p) || ts.isModuleDeclaration(p) || ts.isImportTypeNode?.(p)) return false;
    if (
      (ts.isPropertyAssignment(p) ||
        ts.isPropertyDeclaration(p) ||
        ts.isPropertySignature(p) ||
        ts.isMethodDeclaration(p) ||
        ts.isEnumMember(p)) &&
      p.name === node
    )
      return false;
    if (ts.isExpressionStatement(p)) return false; // a directive ('use strict')
    if (ts.isCallExpression(p) && p.expression.kind === ts.SyntaxKind.ImportKeyword) return false;
    if (ts.isCallExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === 'require') return false;
    return true;
  }

  /** Parentheses unless the parent takes a `+` chain as it is (prettier drops the ones it does not need). */
  function needsParens(node) {
    const p = node.parent;
    if (
      ts.isParenthesizedExpression(p) ||
      ts.isTemplateSpan(p) ||
      ts.isArrayLiteralExpression(p) ||
      ts.isSpreadElement(p)
    )
      return false;
    if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression !== node) return false;
    if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isParameter(p))
      return false;
    if (ts.isReturnStatement(p) || ts.isThrowStatement(p) || ts.isArrowFunction(p) || ts.isCaseClause(p)) return false;
    if (ts.isConditionalExpression(p)) return p.condition === node;
    if (ts.isExportAssignment(p)) return false;
    if (ts.isElementAccessExpression(p)) return p.expression === node;
    if (ts.isBinaryExpression(p)) {
      const op = p.operatorToken.kind;
      const k = ts.SyntaxKind;
      return ![
        k.PlusToken,
        k.EqualsToken,
        k.PlusEqualsToken,
        k.QuestionQuestionToken,
        k.BarBarToken,
        k.AmpersandAmpersandToken,
        k.EqualsEqualsEqualsToken,
        k.ExclamationEqualsEqualsToken,
        k.EqualsEqualsToken,
        k.ExclamationEqualsToken,
        k.CommaToken,
      ].includes(op);
    }
    return true;
  }

  /** The raw text ranges of a template (between the backticks, outside ${...}). */
  function templateTextRanges(template) {
    if (ts.isNoSubstitutionTemplateLiteral(template)) return [[template.getStart(sf) + 1, template.end - 1]];
    const ranges = [[template.head.getStart(sf) + 1, template.head.end - 2]];
    for (const span of template.templateSpans) {
      const literal = span.literal;
      const startText = literal.getStart(sf) + 1;
      const endText = ts.isTemplateTail(literal) ? literal.end - 1 : literal.end - 2;
      ranges.push([startText, endText]);
    }
    return ranges;
  }

  /** Positions between units of raw literal text in [from, to]: an escape (\n, \u{..}, \x41, \` ...) is one unit. */
  function unitBoundaries(from, to) {
    const out = [from];
    let i = from;
    while (i < to) {
      if (text[i] === '\\') {
        const c = text[i + 1];
        if (c === 'x') i += 4;
        else if (c === 'u' && text[i + 2] === '{') i = text.indexOf('}', i) + 1;
        else if (c === 'u') i += 6;
        else if (c === '\r' && text[i + 2] === '\n') i += 3;
        else if (/[0-7]/.test(c)) {
          i += 2;
          while (/[0-7]/.test(text[i]) && i < to) i++;
        } else i += 2;
      } else if (/[\uD800-\uDBFF]/.test(text[i])) i += 2;
      else i += 1;
      if (i <= to) out.push(i);
    }
    return out;
  }

  /** The best break among positions: after a run of spaces, then between `>` and `<`, then after , ; then anywhere. */
  /** After `, ` `; ` `: ` nearest the middle (within its middle half), else after the space nearest the middle. */
  function nearMiddle(positions, from, to) {
    const middle = (from + to) / 2;
    const after = (p, re) => text[p - 1] === ' ' && re.test(text[p - 2]) && text[p] !== ' ';
    const byDistance = (a, b) => Math.abs(a - middle) - Math.abs(b - middle);
    const clause = positions.filter((p) => after(p, /[,;:]/) && Math.abs(p - middle) <= (to - from) / 4);
    const word = positions.filter((p) => text[p - 1] === ' ' && text[p] !== ' ');
    return clause.sort(byDistance)[0] ?? word.sort(byDistance)[0];
  }

  /** The best break at or after `minimum` (no tiny first pieces), else the best anywhere. */
  function choose(positions, minimum, minScore) {
    return (
      bestBreak(
        positions.filter((p) => p >= minimum),
        minScore,
      ) ?? bestBreak(positions, minScore)
    );
  }

  /**
   * The best-scored break among the last 60 positions that fit (rightmost among equals): between two tags, before a
   * tag or after `, ` `; ` `{ `, after a space, after , ; or next to a substitution, after / & ? = -, anywhere.
   */
  function bestBreak(positions, minScore = 0) {
    if (positions.length === 0) return undefined;
    const last = Math.max(...positions);
    const score = (p) => {
      const before = text[p - 1];
      const after = text[p];
      if (before === '\n' || after === '\n') return -1;
      if (before === '>' && after === '<') return 6;
      if (before === ' ' && after === '<') return 5;
      if (before === ' ' && /[,;{]/.test(text[p - 2]) && after !== ' ') return 5;
      if (before === ' ' && after !== ' ') return 4;
      if (/[,;]/.test(before) && after !== ' ') return 2;
      if (after === '$' && text[p + 1] === '{') return 2;
      if (/[/&?=-]/.test(before) && /[\w]/.test(after)) return 1;
      if (before === ' ' || after === ' ') return -1;
      return 0;
    };
    let best;
    let bestScore = -1;
    for (const p of positions) {
      if (p < last - 60) continue;
      const s = score(p);
      if (s > bestScore || (s === bestScore && p > best)) {
        best = p;
        bestScore = s;
      }
    }
    return bestScore >= minScore && bestScore >= 0 ? best : undefined;
  }

  /** The offset in the file where line `index` reaches `w` bytes (the largest offset whose prefix fits). */
  function posAtWidth(index, w) {
    const line = lines[index];
    let bytes = 0;
    let i = 0;
    while (i < line.length) {
      const step = /[\uD800-\uDBFF]/.test(line[i]) ? 2 : 1;
      const next = bytes + width(line.slice(i, i + step));
      if (next > w) break;
      bytes = next;
      i += step;
    }
    return starts[index] + i;
  }

  function indentOf(lineIndex) {
    return /^\s*/.exec(lines[lineIndex])[0].length;
  }

  // ----- proof before writing -------------------------------------------------------------------------------------

  /** The cooked (or, for String.raw, raw) value of the original equals the pieces' values concatenated. */
  function samePieces(originalText, pieces, raw) {
    const value = (source) => literalValue(source, raw);
    const before = value(originalText);
    const after = pieces.map(value);
    const ok =
      before !== null && after.every((v) => v !== null) && JSON.stringify(before) === JSON.stringify(merge(after));
    if (!ok) process.stderr.write(`refused (value would change): ${file}: ${originalText.slice(0, 80)}\n`);
    return ok;
  }

  /** A line continuation inserted at pos leaves the template's cooked strings as they were. */
  function sameCooked(template, pos) {
    const start = template.parent.getStart(sf);
    const source = text.slice(start, template.end);
    const rewritten = text.slice(start, pos) + '\\\n' + text.slice(pos, template.end);
    const a = literalValue(source, false);
    const b = literalValue(rewritten, false);
    const ok = a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
    if (!ok) process.stderr.write(`refused (value would change): ${file}: ${source.slice(0, 80)}\n`);
    return ok;
  }
}

/** Parts of a literal expression: strings (cooked, or raw for String.raw) and {expr} for substitutions. */
export function literalValue(source, raw, flattenNested = false) {
  const sf = ts.createSourceFile('x.ts', `(${source})`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const statement = sf.statements[0];
  if (!statement || !ts.isExpressionStatement(statement) || sf.parseDiagnostics?.length) return null;
  let expr = statement.expression;
  while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
  return partsOf(expr, sf, raw, flattenNested);
}

function partsOf(expr, sf, raw, flattenNested) {
  while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = partsOf(expr.left, sf, raw, flattenNested);
    const right = partsOf(expr.right, sf, raw, flattenNested);
    return left && right ? merge([left, right]) : null;
  }
  if (ts.isStringLiteral(expr)) return [expr.text];
  let template = expr;
  let tag = '';
  if (ts.isTaggedTemplateExpression(expr)) {
    tag = expr.tag.getText(sf);
    template = expr.template;
  }
  const text = (literal) => (raw || tag === 'String.raw' ? literal.rawText : literal.text);
  if (ts.isNoSubstitutionTemplateLiteral(template)) return [text(template)];
  if (!ts.isTemplateExpression(template)) return null;
  const parts = [text(template.head)];
  for (const span of template.templateSpans) {
    let inner = span.expression;
    while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
    if (flattenNested && tag && ts.isTaggedTemplateExpression(inner) && inner.tag.getText(sf) === tag) {
      parts.push(...(partsOf(inner, sf, raw, flattenNested) ?? [null]));
    } else parts.push({ expr: span.expression.getText(sf).replace(/\s+/g, '') });
    parts.push(text(span.literal));
  }
  return merge([parts]);
}

function merge(lists) {
  const out = [];
  for (const item of lists.flat()) {
    if (item === '') continue;
    if (typeof item === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += item;
    else out.push(item);
  }
  return out;
}

function isTemplate(node) {
  return ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

function isTextToken(node) {
  return (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateHead(node) ||
    ts.isTemplateMiddle(node) ||
    ts.isTemplateTail(node) ||
    ts.isTemplateExpression(node) ||
    ts.isTemplateSpan(node)
  );
}

/** The deepest node (token included) that contains pos. */
function innermost(sf, pos) {
  let node = sf;
  for (;;) {
    let next;
    for (const child of node.getChildren(sf)) {
      if (child.kind >= ts.SyntaxKind.FirstJSDocNode && child.kind <= ts.SyntaxKind.LastJSDocNode) continue;
      if (child.getStart(sf) <= pos && pos < child.end) {
        next = child;
        break;
      }
    }
    if (!next) return node;
    node = next;
  }
}

/** Every comment of the file, once: leading and trailing trivia of every token. */
function collectComments(sf, text) {
  const seen = new Map();
  const add = (ranges) => ranges?.forEach((r) => seen.set(r.pos, r));
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length === 0 || node.kind < ts.SyntaxKind.FirstNode) {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
    }
    children.forEach(visit);
  };
  visit(sf);
  add(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}
