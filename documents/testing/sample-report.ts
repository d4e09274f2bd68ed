/** A report that exercises every block the renderer draws (tests and the bench). */
import zlib from 'node:zlib';
import type { ReportDocumentInput } from '../report-pdf/model';

/** A 2×2 red/blue PNG made here, so no binary fixture is committed. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // RGB
  const raw = Buffer.from([0, 220, 40, 40, 40, 40, 220, 0, 40, 40, 220, 220, 40, 40]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SAMPLE_HTML = `
<h1>Tomografia computadorizada do tórax</h1>
<p><strong>Técnica:</strong> exame realizado com aquisição volumétrica, sem contraste.</p>
<h2>Análise</h2>
<p style="text-align: justify">Pulmões com transparência preservada. Não há consolidações, nódulos ou massas.
Traqueia e brônquios principais pérvios. <em>Coração</em> de dimensões normais; <u>aorta</u> de calibre habitual.
Ausência de derrame pleural. <span style="font-size: 18px">Seios costofrênicos livres</span>.</p>
<ul><li><p>Mediastino centrado.</p></li><li><p>Estruturas ósseas íntegras — sem lesões líticas.</p></li></ul>
<ol><li><p>Primeiro achado</p></li><li><p>Segundo achado</p></li></ol>
<table><tbody><tr><th><p>Estrutura</p></th><th><p>Medida (mm)</p></th></tr>
<tr><td><p>Aorta ascendente</p></td><td><p>32</p></td></tr><tr><td><p>Tronco pulmonar</p></td><td><p>24</p></td></tr></tbody></table>
<p style="text-align: center"><img src="data:image/png;base64,${tinyPng().toString('base64')}" width="120"></p>
<h3>Conclusão</h3>
<p style="text-align: right"><strong><em>Exame sem alterações significativas.</em></strong> Ação, coração, pulmões, ÁÉÍÓÚ çãõ.</p>`;

export function sampleReport(overrides: Partial<ReportDocumentInput> = {}): ReportDocumentInput {
  return {
    lang: 'pt-BR',
    veterinary: false,
    institution: {
      name: 'Clínica Imagem Total — Unidade São João',
      customHeader: 'Rua das Acácias, 123 — São Paulo/SP — CRM 12345',
    },
    patient: { name: 'José Antônio da Conceição', id: 'PAC-0042', sex: 'M', birthDate: '1980-05-17' },
    exam: { accessionNumber: 'ACC-2026-001', type: 'TC de tórax', date: '2026-11-20T13:30:00.000Z', modalities: ['CT'] },
    contentHtml: SAMPLE_HTML,
    version: 1,
    signers: [{ name: 'Dr. João Silva', role: 'executor' }],
    ...overrides,
  };
}
