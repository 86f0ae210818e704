/**
 * The static half of the strict-CSP promise (the browser half is test/e2e/hostile/csp.test.ts): neither our
 * source nor the built dist/widget.js turns strings into code, HTML or inline styles. A page with Trusted Types
 * and no 'unsafe-inline'/'unsafe-eval' can then host the widget.
 *
 * Preact itself contains two such sinks, and the bundle carries them: `el.innerHTML = props.dangerouslySetInnerHTML.__html`
 * and `el.style.cssText = props.style` (for a string `style` prop). They only run when a vnode carries one of
 * those props, and every vnode the widget renders gets its props from our own source (server text only ever
 * becomes children, as text). So the test checks two things: our source never uses those props or any sink,
 * and in the bundle each sink sits inside Preact's branch for exactly that prop and nowhere else.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const dist = join(root, 'dist');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The code without comments (so that documentation may name what the code must not do). */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The scripts a site loads: the launcher (dist/widget.js) and the panel with its chunks (dist/assistant-chat-*.js). */
function scripts(): Record<string, string> {
  if (!existsSync(join(dist, 'widget.js'))) throw new Error('dist/widget.js is missing: run `npm run build` first.');
  const names = readdirSync(dist).filter((name) => name === 'widget.js' || /^assistant-chat-.*\.js$/.test(name));
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(dist, name), 'utf8')]));
}

/** The panel's script (it carries Preact). */
function panel(): string {
  const found = Object.entries(scripts()).find(([name]) => name.startsWith('assistant-chat-panel-'));
  if (!found) throw new Error('dist/assistant-chat-panel-*.js is missing: run `npm run build` first.');
  return found[1];
}

/** Sinks that must appear nowhere: not in our source, not in the bundle (Preact's included). */
const NOWHERE: Record<string, RegExp> = {
  'eval()': /(?<![\w$.])eval\s*\(/,
  'new Function() / Function()': /(?<![\w$.])Function\s*\(/,
  'setTimeout/setInterval with a string': /\bset(?:Timeout|Interval)\s*\(\s*["'`]/,
  'document.write': /\bdocument\.write(?:ln)?\s*\(/,
  insertAdjacentHTML: /\binsertAdjacentHTML\b/,
  outerHTML: /\bouterHTML\b/,
  srcdoc: /\bsrcdoc\b/,
  DOMParser: /\bDOMParser\b/,
  createContextualFragment: /\bcreateContextualFragment\b/,
  'setHTMLUnsafe / parseHTMLUnsafe': /\b(?:set|parse)HTMLUnsafe\b/,
  "setAttribute('style')": /setAttribute\(\s*["'`]style["'`]/,
  'a javascript: URL': /["'`]javascript:/i,
};

/** Sinks our own source must not use, though Preact's code has them behind props we never pass. */
const NOT_IN_OUR_SOURCE: Record<string, RegExp> = {
  innerHTML: /\binnerHTML\b/,
  dangerouslySetInnerHTML: /\bdangerouslySetInnerHTML\b/,
  'el.style (property or cssText)': /\.style\s*(?:[.=[]|$)|\bcssText\b/m,
  'a style prop (JSX style= or { style: … })': /(?<![-\w])style\s*(?:=\s*[{"'`]|:\s*[{"'`\w])/,
};

describe('our source (src/)', () => {
  const files = sourceFiles(join(root, 'src'));

  it('is where we think it is', () => {
    expect(files.map((file) => relative(root, file))).toEqual(expect.arrayContaining(['src/mount.ts', 'src/ui/markdown.ts']));
  });

  // The React component hands its wrapper the app's own `style` prop, as any React component does: React sets it
  // through the CSSOM, which a strict CSP allows, and it is the developer's, not ours.
  const ALLOWED: Record<string, string[]> = { 'a style prop (JSX style= or { style: … })': ['src/react/AssistantChat.ts'] };

  for (const [name, pattern] of Object.entries({ ...NOWHERE, ...NOT_IN_OUR_SOURCE })) {
    it(`never uses ${name}`, () => {
      const offenders = files
        .filter((file) => pattern.test(code(file)))
        .map((file) => relative(root, file))
        .filter((file) => !ALLOWED[name]?.includes(file));
      expect(offenders).toEqual([]);
    });
  }
});

describe('the built scripts (dist/widget.js and the panel)', () => {
  for (const [name, pattern] of Object.entries(NOWHERE)) {
    it(`contain no ${name}`, () => {
      for (const [file, source] of Object.entries(scripts())) {
        const match = pattern.exec(source);
        expect(match && `${file}: ${source.slice(Math.max(0, match.index - 80), match.index + 80)}`).toBeNull();
      }
    });
  }

  it('leave nothing of those in the launcher script, which carries no Preact', () => {
    const launcher = scripts()['widget.js']!;
    for (const [name, pattern] of Object.entries(NOT_IN_OUR_SOURCE)) expect(pattern.test(launcher), name).toBe(false);
  });

  it("assign innerHTML only inside Preact's dangerouslySetInnerHTML branch, and only a __html field or ''", () => {
    const source = panel();
    const uses = [...source.matchAll(/\binnerHTML\b/g)].map((match) => match.index);
    const branches = [...source.matchAll(/\bdangerouslySetInnerHTML\b/g)].map((match) => match.index);
    expect(uses.length).toBeGreaterThan(0); // if Preact drops it one day, this test should be revisited
    for (const at of uses) {
      // Within a few hundred characters after Preact reads the dangerouslySetInnerHTML prop.
      expect(
        branches.some((branch) => branch < at && at - branch < 600),
        source.slice(at - 200, at + 60),
      ).toBe(true);
    }
    const assignments = [...source.matchAll(/\binnerHTML\s*=(?!=)\s*([^,;)]+)/g)].map((match) => match[1]!.trim());
    for (const value of assignments) expect(value).toMatch(/^(?:``|""|''|[\w$]+\.__html)$/);
  });

  it("touch el.style only inside Preact's branch for the style prop", () => {
    const source = panel();
    const styleBranches = [...source.matchAll(/[=!]==?\s*["'`]style["'`]|["'`]style["'`]\s*[=!]==?/g)].map((match) => match.index);
    const uses = [...source.matchAll(/\.style\b(?!Sheets)|\bcssText\b/g)].map((match) => match.index);
    expect(uses.length).toBeGreaterThan(0);
    for (const at of uses) {
      expect(
        styleBranches.some((branch) => branch < at && at - branch < 400),
        source.slice(at - 200, at + 60),
      ).toBe(true);
    }
  });

  it('call setAttribute only with a name held in a variable (Preact, for ordinary props) or a literal that is not style', () => {
    const names = Object.values(scripts()).flatMap((source) => [...source.matchAll(/setAttribute\(\s*([^,)]+)/g)].map((match) => match[1]!.trim()));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name, `setAttribute(${name}, …)`).not.toMatch(/^["'`]style["'`]$/);
      expect(name).toMatch(/^(?:[\w$]+|["'`][\w-]+["'`])$/);
    }
  });
});
