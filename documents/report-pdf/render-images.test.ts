import sharp from 'sharp';
import { ensureDocumentTools } from '../../scripts/tools';
import { imagesOf, pageCount, pdfText, qpdfCheck, renderPage } from '../testing/pdf-tools';
import { sampleReport } from '../testing/sample-report';
import { renderReportPdf } from './render';

beforeAll(() => ensureDocumentTools());

const jpeg = (w: number, h: number, r: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 80, b: 160 } } })
    .jpeg()
    .toBuffer();

it('draws the selected images after the text in a two-column grid with captions, over pages when needed', async () => {
  const images = [];
  for (let i = 0; i < 7; i++) {
    images.push({
      kind: 'instance' as const,
      base64: (await jpeg(400, i % 2 ? 300 : 500, 30 * i)).toString('base64'),
      caption: `${i + 1}. Série 1 · Imagem ${i + 1}`,
    });
  }
  const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#22aa55' } })
    .png()
    .toBuffer();
  images.push({ kind: 'external' as const, base64: png.toString('base64'), caption: '8. Coracao.png' });
  const pdf = await renderReportPdf(sampleReport({ images }));
  expect(qpdfCheck(pdf)).toMatchObject({ ok: true });
  const drawn = imagesOf(pdf).filter((i) => i.type === 'image');
  // The sample's inline image plus the 8 selected ones, each at its own pixel size.
  expect(drawn.filter((i) => i.width === 400)).toHaveLength(7);
  expect(drawn.filter((i) => i.width === 300 && i.height === 120)).toHaveLength(1);
  expect(pageCount(pdf)).toBeGreaterThan(1);
  const text = pdfText(pdf);
  expect(text).toContain('Imagens');
  expect(text).toContain('1. Série 1 · Imagem 1');
  expect(text).toContain('8. Coracao.png');
  // The signatures come after the images.
  expect(text.lastIndexOf('Médico')).toBeGreaterThan(text.indexOf('8. Coracao.png'));
  renderPage(pdf, 'report-images-page-2', 2);
});

it('leaves out bytes that are not an image instead of failing the report', async () => {
  const pdf = await renderReportPdf(
    sampleReport({ images: [{ kind: 'external', base64: Buffer.from('nope').toString('base64'), caption: 'x.png' }] }),
  );
  expect(qpdfCheck(pdf)).toMatchObject({ ok: true });
  expect(pdfText(pdf)).not.toContain('x.png');
});
