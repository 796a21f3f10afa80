#!/usr/bin/env node
// Proves that formatting (prettier + wrap-long-lines.mjs) changed layout only, file by file, between two trees:
// 1. literals: every string value, in order, is the same. A `+` chain of string/template literals counts as one value
//    (the concatenation of its parts: 'a ' + 'b' equals 'a b'); a substitution ${...} counts as a placeholder; in an
//    html`` template a nested ${html`...`} is inlined (html() renders a nested SafeHtml verbatim); String.raw`` counts
//    with its raw text. Values are compared cooked (what the program sees), so quote style and escapes may differ.
// 2. code: the tokens other than literals, comments, parentheses, commas, semicolons and `+` are the same, in order
//    (numbers by value, property names by text).
// 3. comments: the same words in the same order (prefixes // /* * */ and line breaks aside).
// Usage: node scripts/check-literals.mjs <original-dir> <formatted-dir> [paths under it...]; exit 1 on a difference.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ts = require('typescript');

const [originalRoot, formattedRoot, ...paths] = process.argv.slice(2);
if (!originalRoot || !formattedRoot) {
  process.stderr.write('usage: check-literals.mjs <original-dir> <formatted-dir> [paths...]\n');
  process.exit(64);
}
const EXTENSIONS = /\.(ts|mts|cts|js|mjs|cjs)$/;
const NESTING_TAGS = new Set(['html']);
const CONCAT_TAGS = new Set(['String.raw']);
const ADDED_COMMENTS = new Set([
  'prettier-ignore',
  'One name from a long path: prettier would keep it on one line, over the limit.',
]);

function walk(path, out) {
  if (!existsSync(path)) return out;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      walk(join(path, entry), out);
    }
  } else if (EXTENSIONS.test(path) && !path.endsWith('.d.ts')) out.push(path);
  return out;
}

const TOP_FILES = readdirSync(formattedRoot).filter(
  (f) => EXTENSIONS.test(f) && statSync(join(formattedRoot, f)).isFile(),
);
const files = (paths.length ? paths : ['apps', 'libs', 'test', 'bench', 'scripts', 'tools', ...TOP_FILES])
  .flatMap((p) => walk(join(formattedRoot, p), []))
  .map((f) => relative(formattedRoot, f));
let compared = 0;
let literalCount = 0;
const failures = [];
for (const file of files) {
  const before = join(originalRoot, file);
  if (!existsSync(before)) continue;
  const a = streams(before);
  const b = streams(join(formattedRoot, file));
  compared++;
  literalCount += a.literals.length;
  for (const kind of ['literals', 'code', 'comments']) {
    const i = firstDifference(a[kind], b[kind]);
    if (i >= 0) {
      failures.push(`${file}: ${kind} differ at #${i}\n  before: ${show(a[kind], i)}\n  after:  ${show(b[kind], i)}`);
    }
  }
}
for (const failure of failures) process.stdout.write(`${failure}\n`);
process.stdout.write(
  `check-literals: ${compared} files, ${literalCount} literal values compared; ${failures.length} differences\n`,
);
process.exit(failures.length ? 1 : 0);

function firstDifference(x, y) {
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return i;
  return -1;
}

function show(list, i) {
  return JSON.stringify(list.slice(i, i + 2)).slice(0, 400);
}

function streams(path) {
  const text = readFileSync(path, 'utf8');
  const kind = /\.(ts|mts|cts)$/.test(path) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const literals = [];
  const code = [];
  const skipTokens = new Set(); // html tags of inlined nested templates

  const unwrap = (n) => {
    while (ts.isParenthesizedExpression(n)) n = n.expression;
    return n;
  };
  const isPlus = (n) => ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken;
  const tagOf = (n) => (ts.isTaggedTemplateExpression(n) ? n.tag.getText(sf) : undefined);
  const isPropertyName = (n) =>
    n.parent &&
    (ts.isPropertyAssignment(n.parent) ||
      ts.isPropertySignature(n.parent) ||
      ts.isPropertyDeclaration(n.parent) ||
      ts.isMethodDeclaration(n.parent) ||
      ts.isEnumMember(n.parent) ||
      ts.isGetAccessor(n.parent) ||
      ts.isSetAccessor(n.parent)) &&
    n.parent.name === n;
  /** A literal that concatenates as a string. */
  const isConcatenable = (n) =>
    (ts.isStringLiteral(n) && !isPropertyName(n)) ||
    ts.isNoSubstitutionTemplateLiteral(n) ||
    ts.isTemplateExpression(n) ||
    (ts.isTaggedTemplateExpression(n) && CONCAT_TAGS.has(tagOf(n)));

  const flatten = (n, out = []) => {
    n = unwrap(n);
    if (isPlus(n)) {
      flatten(n.left, out);
      flatten(n.right, out);
    } else out.push(n);
    return out;
  };

  /** Parts of one literal: strings and a placeholder per substitution; nested html`` inlined in html``. */
  const parts = (n, spans) => {
    let template = n;
    let tag;
    if (ts.isTaggedTemplateExpression(n)) {
      tag = tagOf(n);
      template = n.template;
    }
    const value = (lit) => (tag && CONCAT_TAGS.has(tag) ? lit.rawText : lit.text);
    if (tag && CONCAT_TAGS.has(tag)) skipTokens.add(n.tag);
    if (ts.isStringLiteral(n)) return [n.text];
    if (ts.isNoSubstitutionTemplateLiteral(template)) return [value(template)];
    const out = [value(template.head)];
    for (const span of template.templateSpans) {
      const inner = unwrap(span.expression);
      if (tag && NESTING_TAGS.has(tag) && ts.isTaggedTemplateExpression(inner) && tagOf(inner) === tag) {
        skipTokens.add(inner.tag);
        out.push(...parts(inner, spans));
      } else {
        out.push('\u0001${}');
        spans.push(span.expression);
      }
      out.push(value(span.literal));
    }
    return out;
  };
  const join = (list) => list.join('');

  const visit = (n) => {
    const node = unwrap(n);
    if (isPlus(node)) {
      const operands = flatten(node);
      if (operands.some(isConcatenable)) {
        const spans = [];
        const out = [];
        for (const operand of operands) {
          if (isConcatenable(operand)) out.push(...parts(operand, spans));
          else {
            out.push('\u0001<expr>');
            spans.push(operand);
          }
        }
        literals.push(join(out));
        spans.forEach(visit);
        return;
      }
    }
    if (isConcatenable(node) || ts.isTaggedTemplateExpression(node)) {
      const spans = [];
      const tag = tagOf(node);
      literals.push(`${tag && !CONCAT_TAGS.has(tag) ? `${tag}:` : ''}${join(parts(node, spans))}`);
      if (tag) visit(node.tag);
      spans.forEach(visit);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  const SKIP = new Set([
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateHead,
    ts.SyntaxKind.TemplateMiddle,
    ts.SyntaxKind.TemplateTail,
    ts.SyntaxKind.OpenParenToken,
    ts.SyntaxKind.CloseParenToken,
    ts.SyntaxKind.CommaToken,
    ts.SyntaxKind.SemicolonToken,
    ts.SyntaxKind.PlusToken,
    ts.SyntaxKind.EndOfFileToken,
  ]);
  const comments = [];
  const seen = new Set();
  const addComments = (ranges) =>
    ranges?.forEach((r) => {
      if (seen.has(r.pos)) return;
      seen.add(r.pos);
      const body = text
        .slice(r.pos, r.end)
        .replace(/^\/\/+|^\/\*+|\*+\/$/g, '')
        .replace(/^\s*\*+(?!\/)/gm, '')
        .trim();
      if (ADDED_COMMENTS.has(body)) return;
      comments.push(...body.split(/\s+/).filter(Boolean));
    });
  /** The `|` prettier puts before the first member of a union it breaks over lines. */
  const isLeadingBar = (node) => {
    if (node.kind !== ts.SyntaxKind.BarToken && node.kind !== ts.SyntaxKind.AmpersandToken) return false;
    for (let p = node.parent; p; p = p.parent) {
      if (ts.isUnionTypeNode(p) || ts.isIntersectionTypeNode(p)) return p.types[0].pos >= node.end;
      if (!ts.isSyntaxList?.(p) && p.kind !== ts.SyntaxKind.SyntaxList) return false;
    }
    return false;
  };
  const tokens = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    if (skipTokens.has(node)) return;
    const children = node.getChildren(sf);
    if (node.kind < ts.SyntaxKind.FirstNode || children.length === 0) {
      addComments(ts.getLeadingCommentRanges(text, node.pos));
      addComments(ts.getTrailingCommentRanges(text, node.end));
      if (skipTokens.has(node) || isLeadingBar(node)) return;
      if (isPropertyName(node)) code.push(`name:${node.text ?? node.getText(sf)}`);
      else if (node.kind === ts.SyntaxKind.NumericLiteral) code.push(`num:${Number(node.text)}`);
      else if (!SKIP.has(node.kind)) code.push(node.getText(sf));
      if (children.length === 0) return;
    }
    children.forEach(tokens);
  };
  tokens(sf);
  addComments(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return { literals, code, comments };
}
