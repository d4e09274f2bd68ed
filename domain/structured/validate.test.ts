import { structuredFields, findField } from './catalogue';
import { StructuredField } from './fields';
import { OIT_SYMBOLS } from './oit';
import { renderStructuredReport } from './render';
import { problemMessage, validateForm, valueFits } from './validate';

const oit = structuredFields('OIT');
const sismama = structuredFields('SISMAMA');
const field = (model: 'OIT' | 'SISMAMA', id: string) => {
  const f = findField(model, id);
  if (!f) throw new Error(id);
  return f;
};
const messages = (fields: typeof oit, values: { fieldId: string; value: unknown }[]) =>
  validateForm(fields, values as never).map((p) => problemMessage(p));

const validSismama = [
  { fieldId: 'sismama.indication', value: 'RASTREAMENTO' },
  { fieldId: 'sismama.composition', value: 'b' },
  { fieldId: 'sismama.biradsRight', value: '1' },
  { fieldId: 'sismama.biradsLeft', value: '2' },
];

describe('catalogues', () => {
  it('parse with the field schema and use unique ids', () => {
    for (const fields of [oit, sismama]) {
      for (const f of fields) expect(StructuredField.safeParse(f).success).toBe(true);
      expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
    }
  });

  it('hold the ILO 2011 vocabulary', () => {
    expect(field('OIT', 'oit.profusion').values.map((v) => v.value)).toEqual([
      '0/-',
      '0/0',
      '0/1',
      '1/0',
      '1/1',
      '1/2',
      '2/1',
      '2/2',
      '2/3',
      '3/2',
      '3/3',
      '3/+',
    ]);
    expect(field('OIT', 'oit.shapePrimary').values.map((v) => v.value)).toEqual(['p', 'q', 'r', 's', 't', 'u']);
    expect(field('OIT', 'oit.largeOpacities').values.map((v) => v.value)).toEqual(['0', 'A', 'B', 'C']);
    expect(OIT_SYMBOLS.map((s) => s.value).join(' ')).toBe(
      'aa at ax bu ca cg cn co cp cv di ef em es fr hi ho id ih kl me pa pb pi px ra rp tb od',
    );
    expect(field('SISMAMA', 'sismama.biradsRight').values.map((v) => v.value)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
  });
});

describe('valueFits', () => {
  it('checks DROPDOWN choices, CHECKBOX and TABLECHECK subsets, TEXT length', () => {
    const quality = field('OIT', 'oit.filmQuality');
    expect(valueFits(quality, '2')).toBe(true);
    expect(valueFits(quality, '')).toBe(true);
    expect(valueFits(quality, '5')).toBe(false);
    expect(valueFits(quality, ['2'])).toBe(false);
    const zones = field('OIT', 'oit.zones');
    expect(valueFits(zones, ['U.R', 'L.L'])).toBe(true);
    expect(valueFits(zones, ['U.X'])).toBe(false);
    expect(valueFits(zones, ['U.R', 'U.R'])).toBe(false);
    expect(valueFits(field('OIT', 'oit.symbols'), ['aa', 'od'])).toBe(true);
    expect(valueFits(field('OIT', 'oit.symbols'), ['zz'])).toBe(false);
    expect(valueFits(field('OIT', 'oit.comments'), 'x'.repeat(2000))).toBe(true);
    expect(valueFits(field('OIT', 'oit.comments'), 'x'.repeat(2001))).toBe(false);
    expect(valueFits(field('OIT', 'oit.t1'), 'x')).toBe(false);
  });

  it('keeps a dynamic group within min..max with known sub-fields', () => {
    const plaques = field('OIT', 'oit.plaques');
    const plaque = { 'plaque.site': 'PP', 'plaque.side': 'D', 'plaque.calcification': 'N' };
    expect(valueFits(plaques, [])).toBe(true);
    expect(valueFits(plaques, Array(6).fill(plaque))).toBe(true);
    expect(valueFits(plaques, Array(7).fill(plaque))).toBe(false);
    expect(valueFits(plaques, [{ 'plaque.site': 'XX' }])).toBe(false);
    expect(valueFits(plaques, [{ unknown: 'x' }])).toBe(false);
    expect(valueFits(plaques, 'PP')).toBe(false);
    const withMin = { ...plaques, min: 1 };
    expect(valueFits(withMin, [])).toBe(false);
  });
});

describe('validateForm', () => {
  it('lists every required field of an empty form with the exact message', () => {
    expect(messages(sismama, [])).toEqual([
      'Campo Indicação clínica é obrigatório.',
      'Campo Composição das mamas é obrigatório.',
      'Campo BI-RADS mama direita é obrigatório.',
      'Campo BI-RADS mama esquerda é obrigatório.',
    ]);
  });

  it('accepts a complete form and refuses one missing a BI-RADS category', () => {
    expect(messages(sismama, validSismama)).toEqual([]);
    expect(
      messages(
        sismama,
        validSismama.filter((v) => v.fieldId !== 'sismama.biradsLeft'),
      ),
    ).toEqual(['Campo BI-RADS mama esquerda é obrigatório.']);
  });

  it('asks for the required sub-fields of each dynamic entry', () => {
    const findings = [
      { 'finding.breast': 'D', 'finding.kind': 'NODULO', 'finding.location': 'QSL', 'finding.size': '12' },
      { 'finding.breast': 'E' },
    ];
    expect(messages(sismama, [...validSismama, { fieldId: 'sismama.findings', value: findings }])).toEqual([
      'Campo Achado 2 — Tipo de achado é obrigatório.',
      'Campo Achado 2 — Localização é obrigatório.',
    ]);
  });

  it('reports a dynamic group below its minimum and an invalid stored value', () => {
    const fields = [{ ...field('OIT', 'oit.plaques'), min: 1 }];
    expect(messages(fields, [])).toEqual(['Campo 3.1 Placas pleurais é obrigatório.']);
    expect(messages(sismama, [...validSismama, { fieldId: 'sismama.composition', value: 'z' }])).toEqual([
      'Campo Composição das mamas é inválido.',
    ]);
  });

  it('requires the ILO details only after a "yes"', () => {
    const base = [
      { fieldId: 'oit.filmQuality', value: '1' },
      { fieldId: 'oit.parenchymal', value: 'N' },
      { fieldId: 'oit.pleural', value: 'N' },
      { fieldId: 'oit.symbolsPresent', value: 'N' },
    ];
    expect(messages(oit, base)).toEqual([]);
    expect(
      messages(oit, [...base, { fieldId: 'oit.parenchymal', value: 'S' }, { fieldId: 'oit.filmQuality', value: '2' }]),
    ).toEqual([
      'Campo Comentário sobre a qualidade é obrigatório.',
      'Campo Forma e tamanho primária é obrigatório.',
      'Campo Forma e tamanho secundária é obrigatório.',
      'Campo Zonas é obrigatório.',
      'Campo Profusão é obrigatório.',
      'Campo Grandes opacidades é obrigatório.',
    ]);
  });

  it('speaks the three languages', () => {
    const [p] = validateForm(sismama, []);
    if (!p) throw new Error('a problem was expected');
    expect(problemMessage(p, 'en')).toBe('Field Indicação clínica is required.');
    expect(problemMessage(p, 'es')).toBe('El campo Indicação clínica es obligatorio.');
  });
});

describe('renderStructuredReport', () => {
  it('renders filled fields with their descriptions under their titles, escaping text', () => {
    const html = renderStructuredReport('SISMAMA', sismama, [
      ...validSismama,
      { fieldId: 'sismama.notes', value: '<b>x</b> & y' },
      { fieldId: 'sismama.findings', value: [{ 'finding.breast': 'D', 'finding.kind': 'NODULO', 'finding.location': 'QSL' }] },
    ]);
    expect(html).toContain('<h3>Classificação BI-RADS</h3>');
    expect(html).toContain('<strong>BI-RADS mama direita:</strong> 1 — Negativo');
    expect(html).toContain(
      '<li>Achado 1: Mama: Mama direita; Tipo de achado: Nódulo; Localização: Quadrante superior lateral</li>',
    );
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt; &amp; y');
    expect(html).not.toContain('<h3>Recomendações</h3><h3>');
  });

  it('renders table cells and symbols readably', () => {
    const html = renderStructuredReport('OIT', oit, [
      { fieldId: 'oit.zones', value: ['U.R', 'L.L'] },
      { fieldId: 'oit.symbols', value: ['em', 'tb'] },
    ]);
    expect(html).toContain('<strong>Zonas:</strong> Superior Direita, Inferior Esquerda');
    expect(html).toContain('em — enfisema, tb — tuberculose');
    expect(html).toContain('<h4>2.1 Pequenas opacidades</h4>');
  });
});
