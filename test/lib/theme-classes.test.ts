import { __unstable__loadDesignSystem } from '@tailwindcss/node';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every class the app writes must exist: a Tailwind utility the theme can build, or a class our own
 * CSS defines. A class naming a colour the theme lacks (`bg-accent-200` where the theme stops at
 * 100 and 300) builds nothing, silently: the sentence being spoken was once only underlined
 * because of one. This test reads every class out of the source and asks Tailwind, with our
 * theme, to build it.
 */

const root = join(import.meta.dirname, '../..');
const src = join(root, 'src');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** Text pieces of the string literals under a node (template parts included). */
function literals(node: ts.Node, out: string[]): void {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
  else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.push(node.text);
  // A call inside a class expression (`buttonClass({ size: 'md' })`, `textOr(…)`) takes arguments, not classes.
  if (ts.isCallExpression(node)) return;
  // `a === 'live' ? 'bg-…' : '…'`: the compared value is data, not a class.
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind >= ts.SyntaxKind.EqualsEqualsToken &&
    node.operatorToken.kind <= ts.SyntaxKind.ExclamationEqualsEqualsToken
  ) {
    return;
  }
  ts.forEachChild(node, (child) => literals(child, out));
}

const CLASS_NAME = /class(?:name|es)?$/i;

/**
 * Where classes are written: `className=` and `class=` attributes, and anything named like a class
 * list (`const secondary = …Class`, `{ classes: … }`, `function buttonClass() { … }`, the tone maps of
 * the UI pieces).
 */
function classStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && /^class(Name)?$/.test(node.name.getText()) && node.initializer) literals(node.initializer, out);
    else if ((ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) && CLASS_NAME.test(node.name.getText()) && node.initializer) {
      literals(node.initializer, out);
    } else if (ts.isFunctionDeclaration(node) && node.name && CLASS_NAME.test(node.name.text) && node.body) {
      // Only what the function returns or maps: its option names are not classes.
      node.body.statements.forEach((statement) => literals(statement, out));
    } else ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Class names our own CSS defines (outside Tailwind), e.g. `.tabular`. */
function ownClasses(): Set<string> {
  const names = new Set<string>();
  for (const file of files(src, /\.css$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\.(-?[a-z_][a-z0-9_-]*)/gi)) names.add(match[1]!);
  }
  return names;
}

/** Whitespace-separated tokens that look like classes (not prose, not URLs, not empty). */
function tokens(text: string): string[] {
  return text.split(/\s+/).filter((token) => token !== '' && /^[!a-z0-9[\-&*>:_/.%#()=,'@]+$/i.test(token) && /^[!a-z@[-]/.test(token));
}

describe('classes in the source', () => {
  it('every class the app writes is one the theme can build or our CSS defines', async () => {
    const design = await __unstable__loadDesignSystem(readFileSync(join(src, 'styles.css'), 'utf8'), { base: src });
    const own = ownClasses();
    const used = new Map<string, Set<string>>();
    for (const file of files(src, /\.tsx?$/)) {
      if (file.endsWith('.gen.ts') || file.endsWith('.d.ts')) continue;
      for (const text of classStrings(file)) {
        for (const token of tokens(text)) {
          const where = used.get(token) ?? new Set<string>();
          where.add(relative(root, file));
          used.set(token, where);
        }
      }
    }
    // `group` and `peer` mark an element for `group-*:` and `peer-*:` variants; they build nothing themselves.
    const markers = /^(?:group|peer)(?:\/[a-z0-9-]+)?$/;
    const candidates = [...used.keys()].filter((token) => !own.has(token) && !markers.test(token));
    const built = design.candidatesToCss(candidates);
    const unknown = candidates.filter((_, i) => built[i] === null).map((token) => `${token} (${[...used.get(token)!].join(', ')})`);

    // The scan must be reading real class lists, or this test could pass on nothing.
    expect(used.size).toBeGreaterThan(300);
    expect(used.has('sr-only')).toBe(true);
    expect(unknown).toEqual([]);
  });

  it('refuses a colour the theme does not define', async () => {
    const design = await __unstable__loadDesignSystem(readFileSync(join(src, 'styles.css'), 'utf8'), { base: src });
    expect(design.candidatesToCss(['bg-accent-200', 'bg-accent-100', 'dark:bg-accent-700/40'])).toEqual([
      null,
      expect.stringContaining('var(--color-accent-100)'),
      expect.stringContaining('var(--color-accent-700)'),
    ]);
  });
});
