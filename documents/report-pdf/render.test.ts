import fs from 'node:fs';
import { ensureDocumentTools } from '../../scripts/tools';
import { fontsOf, pageCount, pdfText, qpdfCheck, renderPage } from '../testing/pdf-tools';
import { SAMPLE_HTML, sampleReport } from '../testing/sample-report';
import { renderReportPdf } from './render';

beforeAll(() => ensureDocumentTools());

it('renders the report with its header, patient block, accented text, signer and page numbers', async () => {
  const pdf = await renderReportPdf(sampleReport());
  expect(qpdfCheck(pdf)).toMatchObject({ ok: true });
  const text = pdfText(pdf);
  for (const expected of [
    'Clínica Imagem Total — Unidade São João',
    'Rua das Acácias, 123',
    'José Antônio da Conceição',
    'PAC-0042',
    '46 anos, 6 meses e 3 dias',
    'Masculino',
    'ACC-2026-001',
    'TC de tórax — CT',
    '20/11/2026 10:30',
    'Tomografia computadorizada do tórax',
    'Pulmões com transparência preservada',
    'Estruturas ósseas íntegras — sem lesões líticas.',
    'Aorta ascendente',
    'Ação, coração, pulmões, ÁÉÍÓÚ çãõ.',
    'Dr. João Silva',
    'Médico',
    'Página 1 de',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).not.toContain('PRÉ-VISUALIZAÇÃO');
  // Only embedded fonts (no standard-14 fallbacks that would lose accents).
  const fonts = fontsOf(pdf).split('\n').slice(2).filter(Boolean);
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f).toMatch(/DejaVuSans.*\byes\s+yes\s+yes\b/);
  expect(fs.existsSync(renderPage(pdf, 'report-page-1'))).toBe(true);
});

it('marks a preview, shows species and breed for veterinary accounts, and both signers with an opinion', async () => {
  const pdf = await renderReportPdf(
    sampleReport({
      preview: true,
      veterinary: true,
      lang: 'pt-BR',
      patient: { name: 'Rex', id: 'VET-9', sex: 'M', birthDate: '2020-01-10', species: 'Canina', breed: 'Labrador' },
      signers: [
        { name: 'Dra. Vet Souza', role: 'executor' },
        { name: 'Dr. Opinião Lima', role: 'opinion' },
      ],
      criticalFinding: 'Pneumotórax hipertensivo',
    }),
  );
  const text = pdfText(pdf);
  expect(text).toContain('PRÉ-VISUALIZAÇÃO — documento sem validade');
  expect(text).toMatch(/Espécie: Canina/);
  expect(text).toMatch(/Raça: Labrador/);
  expect(text).toContain('Achado crítico: Pneumotórax hipertensivo');
  expect(text).toContain('Dr. Opinião Lima');
  expect(text).toContain('Segunda opinião');
  expect(qpdfCheck(pdf).ok).toBe(true);
});

it('flows a long report over numbered pages, with the header on each', async () => {
  const pdf = await renderReportPdf(sampleReport({ contentHtml: SAMPLE_HTML.repeat(6), lang: 'en' }));
  const pages = pageCount(pdf);
  expect(pages).toBeGreaterThan(2);
  const text = pdfText(pdf);
  expect(text).toContain(`Page ${pages} of ${pages}`);
  expect(text.split('Clínica Imagem Total').length - 1).toBe(pages);
  expect(qpdfCheck(pdf).ok).toBe(true);
  renderPage(pdf, 'report-long-page-2', 2);
});

// Issue 12: a table that runs over pages repeats its header row on each.
it("repeats a long table's header row at the top of every page it runs onto", async () => {
  const rows = Array.from({ length: 90 }, (_, i) => `<tr><td><p>Estrutura ${i}</p></td><td><p>${i} mm</p></td></tr>`).join('');
  const html = `<p>Medidas:</p><table><tbody><tr><th><p>Segmento</p></th><th><p>Medida (mm)</p></th></tr>${rows}</tbody></table>`;
  const pdf = await renderReportPdf(sampleReport({ contentHtml: html }));
  const pages = pageCount(pdf);
  expect(pages).toBeGreaterThanOrEqual(3);
  for (let page = 1; page <= pages; page++) {
    const text = pdfText(pdf, page);
    if (!/Estrutura \d+/.test(text)) continue; // the signature's page may hold no row
    const header = text.indexOf('Segmento');
    expect(header).toBeGreaterThan(-1);
    expect(text.indexOf('Medida (mm)')).toBeGreaterThan(-1);
    expect(header).toBeLessThan(text.search(/Estrutura \d+/));
  }
  renderPage(pdf, 'report-table-page-2', 2);
});

it("says 'Médico' and the CRM under a human account's signer, 'Médico veterinário' and the CRMV in a veterinary one", async () => {
  const human = pdfText(
    await renderReportPdf(
      sampleReport({
        signers: [{ name: 'Dr. Carlos Silva', role: 'executor', council: { type: 'CRM', number: '123456', uf: 'SP' } }],
      }),
    ),
  );
  expect(human).toMatch(/Dr\. Carlos Silva\s+Médico\s+CRM 123456\/SP/);
  expect(human).not.toContain('veterinário');
  const vet = pdfText(
    await renderReportPdf(
      sampleReport({
        veterinary: true,
        signers: [
          { name: 'Dra. Beatriz Lima', role: 'executor', council: { type: 'CRMV', number: '4567', uf: 'MG' } },
          { name: 'Dr. Paulo Reis', role: 'opinion', council: { type: 'CRMV', number: '890', uf: 'RS' } },
        ],
      }),
    ),
  );
  expect(vet).toContain('Médico veterinário');
  expect(vet).toContain('CRMV 4567/MG');
  expect(vet).toContain('CRMV 890/RS');
  expect(vet).toContain('Segunda opinião');
});
