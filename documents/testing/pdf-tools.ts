/** The outside readers the document tests check PDFs with (poppler, qpdf). */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ARTEFACTS = path.resolve(__dirname, '../../test-results/documents');

export function tempFile(bytes: Buffer, name = 'doc.pdf'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudos-pdf-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The text of the PDF (layout kept), or of one page of it. */
export function pdfText(pdf: Buffer, page?: number): string {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-layout', ...pages, tempFile(pdf), '-'], { encoding: 'utf8' });
}

/** `qpdf --check`: exit 0 and no warning (exit 3 means warnings). */
export function qpdfCheck(pdf: Buffer): { ok: boolean; output: string } {
  const r = spawnSync('qpdf', ['--check', tempFile(pdf)], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/** Renders the first page to `test-results/documents/<name>.png` and returns its path. */
export function renderPage(pdf: Buffer, name: string, page = 1): string {
  fs.mkdirSync(ARTEFACTS, { recursive: true });
  const prefix = path.join(ARTEFACTS, name);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(page), '-l', String(page), '-singlefile', tempFile(pdf), prefix]);
  return `${prefix}.png`;
}

export function pageCount(pdf: Buffer): number {
  const info = execFileSync('pdfinfo', [tempFile(pdf)], { encoding: 'utf8' });
  return Number(info.match(/^Pages:\s+(\d+)/m)?.[1] ?? 0);
}

export function fontsOf(pdf: Buffer): string {
  return execFileSync('pdffonts', [tempFile(pdf)], { encoding: 'utf8' });
}

/** The images drawn in the PDF (`pdfimages -list`): one row per image, with its size. */
export function imagesOf(pdf: Buffer): { page: number; width: number; height: number; type: string }[] {
  const out = execFileSync('pdfimages', ['-list', tempFile(pdf)], { encoding: 'utf8' });
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({ page: Number(c[0]), type: c[2] ?? '', width: Number(c[3]), height: Number(c[4]) }));
}
