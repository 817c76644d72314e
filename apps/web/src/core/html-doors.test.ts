/**
 * User text is text: HTML reaches the page through one door, the sanitized rich-text viewer
 * (core/RichText.tsx), plus the script page's highlighter (highlight.js escapes its input). This
 * scans the web source so a new `dangerouslySetInnerHTML`, `innerHTML` or an HTML option of the
 * dialog library fails here rather than in a penetration test.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const ALLOWED_RAW_HTML = new Set(['core/RichText.tsx', 'modules/network/script/ScriptPage.tsx']);

type Finding = { file: string; line: number; rule: string };

/** Every rule that one file's text breaks. */
export function htmlDoors(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  const lines = text.split('\n');
  const hit = (rule: string, re: RegExp) => lines.forEach((l, i) => re.test(l) && found.push({ file, line: i + 1, rule }));
  if (!ALLOWED_RAW_HTML.has(file)) hit('dangerouslySetInnerHTML fora do RichText', /dangerouslySetInnerHTML/);
  hit('innerHTML/outerHTML/insertAdjacentHTML/document.write', /\.(innerHTML|outerHTML)\s*[+]?=|insertAdjacentHTML|document\.write\(|innerHTML\s*:/);
  if (/from 'sweetalert2'/.test(text)) {
    // sweetalert2 renders these as HTML: a title or footer is a text node (textElement), a body goes through text.
    for (const call of dialogCalls(text)) if (/(^|[{,])\s*(html\s*[:,}]|title\s*(?:[,}]|:(?!\s*textElement\()))/.test(call.args)) found.push({ file, line: call.line, rule: 'sweetalert2 title/html (use textElement/text)' });
    hit('sweetalert2 footer sem textElement', /\bfooter\s*:(?!\s*textElement\()/);
  }
  if (/from 'frappe-gantt'/.test(text)) {
    // frappe-gantt writes labels and the popup with innerHTML.
    hit('frappe-gantt label sem escapeHtml', /^\s*name\s*:(?!\s*escapeHtml\()/);
    hit('frappe-gantt popup sem escapeHtml', /set_(title|subtitle|details)\((?!task \? escapeHtml\(|escapeHtml\()/);
  }
  return found;
}

/** The argument text of every `.fire(…)` and `.mixin(…)` call, with the line it starts on. */
function dialogCalls(text: string): { line: number; args: string }[] {
  const calls: { line: number; args: string }[] = [];
  for (const m of text.matchAll(/\.(fire|mixin)\(/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    calls.push({ line: text.slice(0, m.index).split('\n').length, args: text.slice(m.index + m[0].length, i - 1) });
  }
  return calls;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('HTML only through the sanitized rich-text viewer', () => {
  it('the web source has no other door for HTML', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((f) => htmlDoors(path.relative(SRC, f).split(path.sep).join('/'), readFileSync(f, 'utf8')));
    expect(findings).toEqual([]);
  });

  it('the scanner flags each kind of door (so the check above can fail)', () => {
    const rules = (file: string, text: string) => htmlDoors(file, text).map((f) => f.rule);
    expect(rules('modules/x/Page.tsx', '<div dangerouslySetInnerHTML={{ __html: s }} />')).toHaveLength(1);
    expect(rules('core/RichText.tsx', '<div dangerouslySetInnerHTML={{ __html: s }} />')).toEqual([]);
    expect(rules('a.ts', 'el.innerHTML = name;')).toHaveLength(1);
    expect(rules('a.ts', "el.insertAdjacentHTML('beforeend', s);")).toHaveLength(1);
    expect(rules('a.ts', "import Swal from 'sweetalert2';\nSwal.fire({ title: name });")).toHaveLength(1);
    expect(rules('a.ts', "import Swal from 'sweetalert2';\nSwal.fire({\n  html: name,\n});")).toHaveLength(1);
    expect(rules('a.ts', "import Swal from 'sweetalert2';\nSwal.fire({ icon, title, theme });")).toHaveLength(1);
    expect(rules('a.ts', "import Swal from 'sweetalert2';\nSwal.fire({ footer: name });")).toHaveLength(1);
    expect(rules('a.ts', "import Swal from 'sweetalert2';\nSwal.fire({ titleText: name, text: name, footer: textElement(name) });")).toEqual([]);
    expect(rules('a.ts', "import Swal from 'sweetalert2';\nSwal.fire({ icon, title: textElement(title), theme });")).toEqual([]);
    expect(rules('a.ts', "import Gantt from 'frappe-gantt';\n  name: t.title,\nctx.set_title(t.title);")).toHaveLength(2);
    expect(rules('a.ts', "import Gantt from 'frappe-gantt';\n  name: escapeHtml(t.title),\nctx.set_title(escapeHtml(t.title));")).toEqual([]);
  });
});
