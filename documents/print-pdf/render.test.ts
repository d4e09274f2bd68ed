import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PrintOptions } from '../../domain/print/options';
import { renderPrintPdf } from './render';

const jpeg = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: shade, b: shade } } })
    .jpeg()
    .toBuffer();

describe('print PDF', () => {
  it('a 2x2 layout of 5 images makes 2 pages with the header text, valid for qpdf', async () => {
    const images = await Promise.all(
      [40, 80, 120, 160, 200].map(async (s, i) => ({ seriesId: i < 3 ? 'a' : 'b', jpeg: await jpeg(s), width: 64, height: 48 })),
    );
    const pdf = await renderPrintPdf({
      options: PrintOptions.parse({ layout: { row: 2, col: 2 }, orientation: 'landscape', pageSize: 'A5' }),
      header: {
        customHeader: 'Clínica Imagem Total',
        patientName: 'João Conceição',
        patientId: 'P-1',
        examType: 'TC Crânio',
        examDate: '22/11/2026',
      },
      images,
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-pdf-'));
    const file = path.join(dir, 'print.pdf');
    fs.writeFileSync(file, pdf);
    expect(execFileSync('qpdf', ['--check', file]).toString()).toMatch(/No syntax or stream encoding errors/);
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Pages:\s+2/);
    expect(info).toMatch(/Page size:\s+595\.2\d? x 419\.5/);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('Clínica Imagem Total');
    expect(text).toContain('João Conceição');
    expect(text).toContain('2/2');
  });

  // Issue 12: a printed film says which image each cell is, as the viewer names it.
  it('labels each image with its series and instance', async () => {
    const images = await Promise.all(
      [1, 2, 3].map(async (n) => ({
        seriesId: 'a',
        jpeg: await jpeg(60 * n),
        width: 64,
        height: 48,
        label: `Série 2 · Imagem ${n}`,
      })),
    );
    const pdf = await renderPrintPdf({
      options: PrintOptions.parse({ layout: { row: 2, col: 2 }, orientation: 'landscape', pageSize: 'A4' }),
      header: { patientName: 'Ana', patientId: 'P-3' },
      images,
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-pdf-'));
    const file = path.join(dir, 'print.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    for (const n of [1, 2, 3]) expect(text).toContain(`Série 2 · Imagem ${n}`);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-singlefile',
      file,
      path.resolve(__dirname, '../../test-results/documents/print-labels'),
    ]);
  });

  it('group series puts each series on its own page', async () => {
    const images = await Promise.all(
      [0, 1, 2].map(async (i) => ({ seriesId: `s${i}`, jpeg: await jpeg(100), width: 64, height: 48 })),
    );
    const pdf = await renderPrintPdf({
      options: PrintOptions.parse({ layout: { row: 3, col: 3 }, groupSeries: true }),
      header: { patientName: 'Ana', patientId: 'P-2' },
      images,
    });
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3);
  });
});
