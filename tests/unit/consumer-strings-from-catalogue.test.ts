import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 21 (decisions/047): every word of the consumer portal comes from the i18n catalogues
// (src/shared/i18n/locales/<code>.json), so a third language is one more file. This test
// reads the portal's .tsx files with the TypeScript compiler and fails on text written into the
// markup: a JsxText with a letter, or a string with a letter given to an attribute a person reads.

const ROOT = join(__dirname, '../..');
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'description', 'caption', 'empty']);

/** The consumer-only components outside the feature folder that the portal renders. */
const EXTRA_FILES: string[] = ['src/web/components/credit/account-life.tsx', 'src/web/components/layout/notification-bell.tsx'];

/** Text allowed to stay as written, each with its reason: `file: text`. */
const ALLOWED = new Map<string, string>([
  // Nothing yet: a brand name or a unit that reads the same in every language would go here.
]);

/**
 * Files not yet moved to the catalogues (issue 21 is done area by area): each is checked once it
 * leaves this list. The test fails when a listed file has no hard-coded text left, so the list
 * only shrinks.
 */
const PENDING = new Set<string>([]);

export interface TFinding {
  line: number;
  text: string;
}

/** Hard-coded reader-facing text in one .tsx source. */
export function hardCodedText(source: string, fileName = 'sample.tsx'): TFinding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: TFinding[] = [];
  const add = (node: ts.Node, text: string) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const hasLetter = (text: string) => /\p{L}/u.test(text);
  /**
   * The string literals an expression can evaluate to: "x", {'x'}, {`x ${n}`}, {cond ? 'x' : y},
   * {a ?? 'x'}, {'x' + n}. Comparisons (state === 'verified') and calls (t('key')) are not text.
   */
  const literalsIn = (node: ts.Node, found: ts.Node[] = []): ts.Node[] => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node);
    else if (ts.isTemplateExpression(node)) {
      found.push(node.head);
      for (const span of node.templateSpans) {
        literalsIn(span.expression, found);
        found.push(span.literal);
      }
    } else if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) {
      if (node.expression) literalsIn(node.expression, found);
    } else if (ts.isConditionalExpression(node)) {
      literalsIn(node.whenTrue, found);
      literalsIn(node.whenFalse, found);
    } else if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        literalsIn(node.left, found);
        literalsIn(node.right, found);
      } else if (op === ts.SyntaxKind.AmpersandAmpersandToken) literalsIn(node.right, found);
    }
    return found;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetter(node.text)) add(node, node.text);
    // {'Frozen'} or {on ? 'On' : 'Off'} as an element's child is text too.
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      for (const literal of literalsIn(node.expression)) {
        const text = (literal as ts.LiteralLikeNode).text;
        if (hasLetter(text)) add(literal, text);
      }
    if (ts.isJsxAttribute(node) && node.initializer && READ_ATTRIBUTES.has(node.name.getText(file))) {
      for (const literal of literalsIn(node.initializer)) {
        const text = (literal as ts.LiteralLikeNode).text;
        if (hasLetter(text)) add(literal, text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

const FILES = [...tsxFiles(join(ROOT, 'src/web/features/consumer')), ...EXTRA_FILES.map((f) => join(ROOT, f))].map((f) =>
  relative(ROOT, f),
);

describe('consumer portal text comes from the catalogues', () => {
  it('the checker finds text in markup and in read attributes, and lets keys and values through', () => {
    expect(hardCodedText('const A = () => <p>Hello</p>;')).toEqual([{ line: 1, text: 'Hello' }]);
    expect(hardCodedText(`const A = () => <p>{on ? 'On' : n}</p>;`)).toEqual([{ line: 1, text: 'On' }]);
    expect(hardCodedText(`const A = () => <button aria-label="Close" title={ok ? 'Yes' : \`No \${n}\`}>{t('x')}</button>;`)).toEqual([
      { line: 1, text: 'Close' },
      { line: 1, text: 'Yes' },
      { line: 1, text: 'No' },
    ]);
    expect(
      hardCodedText(
        `const A = () => <div className="p-4" aria-label={t('a.b')} label={t('x', { n: 'y' })}>{' '}{n} · {t('z')} ({count})</div>;`,
      ),
    ).toEqual([]);
  });

  it('finds the portal files', () => {
    expect(FILES.length).toBeGreaterThan(10);
  });

  for (const file of FILES) {
    it(`${file}: no hard-coded text`, () => {
      const findings = hardCodedText(readFileSync(join(ROOT, file), 'utf8'), file).filter((f) => !ALLOWED.has(`${file}: ${f.text}`));
      if (PENDING.has(file)) expect(findings.length, `${file} has no hard-coded text left: take it off PENDING`).toBeGreaterThan(0);
      else expect(findings.map((f) => `${file}:${f.line} ${f.text}`)).toEqual([]);
    });
  }
});
