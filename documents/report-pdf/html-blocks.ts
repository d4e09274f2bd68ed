/**
 * The editor's report HTML (TipTap output, stored as is in laudo_contents) as a small block
 * model the PDF renderer lays out. TipTap writes well-formed, shallow HTML, so a tokenizer
 * is enough; anything unknown degrades to its text, never to an error.
 */

export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** Points (from `font-size: 14px|pt`). */
  size?: number;
  color?: string;
}

export interface Run extends TextStyle {
  text: string;
}

export type Align = 'left' | 'center' | 'right' | 'justify';

export type Block =
  | { type: 'paragraph'; runs: Run[]; align: Align }
  | { type: 'heading'; level: number; runs: Run[]; align: Align }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'table'; rows: { header: boolean; cells: Block[][] }[] }
  | { type: 'image'; src: string; width?: number; align: Align }
  | { type: 'rule' };

type Token =
  | { kind: 'open'; name: string; attrs: Record<string, string>; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

const VOID = new Set(['br', 'img', 'hr', 'col', 'input', 'meta', 'link']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const re = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m.index > last) tokens.push({ kind: 'text', text: decodeEntities(html.slice(last, m.index)) });
    last = re.lastIndex;
    if (m[0].startsWith('<!--')) continue;
    const name = (m[2] ?? '').toLowerCase();
    if (m[1]) tokens.push({ kind: 'close', name });
    else {
      const attrs: Record<string, string> = {};
      const attrRe = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
      const attrText = m[3] ?? '';
      for (let a = attrRe.exec(attrText); a; a = attrRe.exec(attrText)) {
        attrs[(a[1] ?? '').toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
      }
      tokens.push({ kind: 'open', name, attrs, selfClosing: Boolean(m[4]) || VOID.has(name) });
    }
  }
  if (last < html.length) tokens.push({ kind: 'text', text: decodeEntities(html.slice(last)) });
  return tokens;
}

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: (Node | string)[];
}

/** Tokens as a tree; a stray close tag closes up to its opener, or is ignored. */
function tree(html: string): Node {
  const root: Node = { name: '#root', attrs: {}, children: [] };
  const stack: Node[] = [root];
  for (const t of tokenize(html)) {
    const top = stack[stack.length - 1]!;
    if (t.kind === 'text') top.children.push(t.text);
    else if (t.kind === 'open') {
      const node: Node = { name: t.name, attrs: t.attrs, children: [] };
      top.children.push(node);
      if (!t.selfClosing) stack.push(node);
    } else {
      const at = stack.map((n) => n.name).lastIndexOf(t.name);
      if (at > 0) stack.length = at;
    }
  }
  return root;
}

function styleOf(attrs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of (attrs.style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[decl.slice(0, i).trim().toLowerCase()] = decl.slice(i + 1).trim();
  }
  return out;
}

function alignOf(attrs: Record<string, string>): Align {
  const a = (styleOf(attrs)['text-align'] ?? attrs.align ?? '').toLowerCase();
  return a === 'center' || a === 'right' || a === 'justify' ? a : 'left';
}

/** CSS font size in points (px are 0.75 pt); clamped so a typo cannot explode the layout. */
function sizeOf(value: string | undefined): number | undefined {
  const m = value?.match(/^([\d.]+)\s*(px|pt|em|rem)?$/i);
  if (!m) return undefined;
  const n = parseFloat(m[1] ?? '');
  const unit = (m[2] ?? 'px').toLowerCase();
  const pt = unit === 'pt' ? n : unit === 'px' ? n * 0.75 : n * 11;
  return Number.isFinite(pt) ? Math.min(48, Math.max(6, pt)) : undefined;
}

function markStyle(node: Node, style: TextStyle): TextStyle {
  const s = { ...style };
  switch (node.name) {
    case 'strong':
    case 'b':
      s.bold = true;
      break;
    case 'em':
    case 'i':
      s.italic = true;
      break;
    case 'u':
      s.underline = true;
      break;
    case 's':
    case 'strike':
    case 'del':
      s.strike = true;
      break;
  }
  const css = styleOf(node.attrs);
  const size = sizeOf(css['font-size']);
  if (size) s.size = size;
  if (css['font-weight'] === 'bold' || Number(css['font-weight']) >= 600) s.bold = true;
  if (css['font-style'] === 'italic') s.italic = true;
  if (css['text-decoration']?.includes('underline')) s.underline = true;
  if (/^#[0-9a-f]{3,6}$/i.test(css.color ?? '')) s.color = css.color;
  return s;
}

const BLOCK = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'hr', 'blockquote', 'div', 'img', 'pre']);

function runsOf(nodes: (Node | string)[], style: TextStyle, out: Run[] = []): Run[] {
  for (const n of nodes) {
    if (typeof n === 'string') {
      const text = n.replace(/[\t\r\n ]+/g, ' ');
      if (text) out.push({ ...style, text });
    } else if (n.name === 'br') out.push({ ...style, text: '\n' });
    else if (n.name !== 'img' && n.name !== 'script' && n.name !== 'style') runsOf(n.children, markStyle(n, style), out);
  }
  return out;
}

/** Trims the paragraph's outer spaces, keeping inner ones (runs may split words). */
function trimRuns(runs: Run[]): Run[] {
  const out = runs.filter((r) => r.text.length > 0);
  if (out[0]) out[0] = { ...out[0], text: out[0].text.replace(/^ +/, '') };
  const last = out.length - 1;
  if (out[last]) out[last] = { ...out[last], text: out[last].text.replace(/ +$/, '') };
  return out.filter((r) => r.text.length > 0);
}

function imageBlock(node: Node, align: Align): Block {
  const width = parseFloat(node.attrs.width ?? styleOf(node.attrs).width ?? '');
  return { type: 'image', src: node.attrs.src ?? '', width: Number.isFinite(width) ? width * 0.75 : undefined, align };
}

function blocksOf(nodes: (Node | string)[], inherited: Align = 'left'): Block[] {
  const blocks: Block[] = [];
  let inline: (Node | string)[] = [];
  const flush = () => {
    const runs = trimRuns(runsOf(inline, {}));
    if (runs.length > 0) blocks.push({ type: 'paragraph', runs, align: inherited });
    for (const n of inline) if (typeof n !== 'string') collectImages(n, inherited, blocks, true);
    inline = [];
  };
  for (const n of nodes) {
    if (typeof n === 'string' || !BLOCK.has(n.name)) {
      inline.push(n);
      continue;
    }
    flush();
    const align = n.attrs.style || n.attrs.align ? alignOf(n.attrs) : inherited;
    switch (n.name) {
      case 'p':
      case 'pre': {
        const runs = trimRuns(runsOf(n.children, {}));
        // An empty paragraph is a blank line the author typed on purpose (not one holding an image).
        if (runs.length > 0 || !containsImage(n)) blocks.push({ type: 'paragraph', runs, align });
        collectImages(n, align, blocks, false);
        break;
      }
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        blocks.push({ type: 'heading', level: Number(n.name[1]), runs: trimRuns(runsOf(n.children, {})), align });
        break;
      case 'ul':
      case 'ol':
        blocks.push({
          type: 'list',
          ordered: n.name === 'ol',
          start: Math.max(1, parseInt(n.attrs.start ?? '1', 10) || 1),
          items: n.children
            .filter((c): c is Node => typeof c !== 'string' && c.name === 'li')
            .map((li) => blocksOf(li.children, align)),
        });
        break;
      case 'table':
        blocks.push({ type: 'table', rows: tableRows(n) });
        break;
      case 'hr':
        blocks.push({ type: 'rule' });
        break;
      case 'img':
        blocks.push(imageBlock(n, align));
        break;
      default:
        blocks.push(...blocksOf(n.children, align));
    }
  }
  flush();
  return blocks;
}

function containsImage(node: Node): boolean {
  return node.children.some((c) => typeof c !== 'string' && (c.name === 'img' || containsImage(c)));
}

/** Images inside a paragraph become their own blocks after it (TipTap keeps them inline). */
function collectImages(node: Node, align: Align, into: Block[], self: boolean): void {
  if (self && node.name === 'img') {
    into.push(imageBlock(node, align));
    return;
  }
  for (const c of node.children) if (typeof c !== 'string') collectImages(c, align, into, true);
}

function tableRows(table: Node): { header: boolean; cells: Block[][] }[] {
  const rows: { header: boolean; cells: Block[][] }[] = [];
  const visit = (n: Node) => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.name === 'tr') {
        const cells = c.children.filter((x): x is Node => typeof x !== 'string' && (x.name === 'td' || x.name === 'th'));
        rows.push({
          header: cells.length > 0 && cells.every((x) => x.name === 'th'),
          cells: cells.map((x) => blocksOf(x.children)),
        });
      } else if (c.name === 'thead' || c.name === 'tbody' || c.name === 'tfoot') visit(c);
    }
  };
  visit(table);
  return rows;
}

/** The report's HTML as blocks; images inside paragraphs follow the paragraph's text. */
export function parseReportHtml(html: string): Block[] {
  return blocksOf(tree(html).children);
}
