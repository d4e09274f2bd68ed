/**
 * The OIT form: ILO 2011 International Classification of Radiographs of Pneumoconioses
 * (Classificação Internacional de Radiografias de Pneumoconioses). Names stay in Portuguese:
 * they are the clinical vocabulary the reader signs.
 */
import type { FieldOption, StructuredField } from './fields';

const opt = (value: string, description = value): FieldOption => ({ value, description });
const YES_NO = [opt('S', 'Sim'), opt('N', 'Não')];
const yes = (fieldId: string) => ({ fieldId, in: ['S'] });

const SHAPES = ['p', 'q', 'r', 's', 't', 'u'].map((s) => opt(s));
const PROFUSION = ['0/-', '0/0', '0/1', '1/0', '1/1', '1/2', '2/1', '2/2', '2/3', '3/2', '3/3', '3/+'].map((p) => opt(p));
const SIDE = [opt('0', 'Ausente'), opt('D', 'Direita'), opt('E', 'Esquerda')];
const EXTENT = [
  opt('1', '1 — até 1/4 da parede lateral'),
  opt('2', '2 — de 1/4 a 1/2 da parede lateral'),
  opt('3', '3 — mais de 1/2 da parede lateral'),
];
const WIDTH = [opt('a', 'a — 3 a 5 mm'), opt('b', 'b — 5 a 10 mm'), opt('c', 'c — mais de 10 mm')];

/** ILO symbols and their meaning. */
export const OIT_SYMBOLS: readonly FieldOption[] = [
  opt('aa', 'aa — aorta aterosclerótica'),
  opt('at', 'at — espessamento pleural apical'),
  opt('ax', 'ax — coalescência de pequenas opacidades'),
  opt('bu', 'bu — bolhas'),
  opt('ca', 'ca — câncer'),
  opt('cg', 'cg — nódulos não pneumoconióticos calcificados'),
  opt('cn', 'cn — calcificação de pequenas opacidades'),
  opt('co', 'co — anormalidade de forma e tamanho do coração'),
  opt('cp', 'cp — cor pulmonale'),
  opt('cv', 'cv — cavidade'),
  opt('di', 'di — distorção significativa de estrutura intratorácica'),
  opt('ef', 'ef — derrame pleural'),
  opt('em', 'em — enfisema'),
  opt('es', 'es — calcificação em casca de ovo'),
  opt('fr', 'fr — fratura de costela'),
  opt('hi', 'hi — aumento de gânglios hilares'),
  opt('ho', 'ho — faveolamento'),
  opt('id', 'id — borda diafragmática mal definida'),
  opt('ih', 'ih — borda cardíaca mal definida'),
  opt('kl', 'kl — linhas septais (Kerley)'),
  opt('me', 'me — mesotelioma'),
  opt('pa', 'pa — atelectasia laminar'),
  opt('pb', 'pb — banda parenquimatosa'),
  opt('pi', 'pi — espessamento pleural de cisura interlobar'),
  opt('px', 'px — pneumotórax'),
  opt('ra', 'ra — atelectasia redonda'),
  opt('rp', 'rp — pneumoconiose reumatoide'),
  opt('tb', 'tb — tuberculose'),
  opt('od', 'od — outras doenças'),
];

/** One pleural plaque or one diffuse thickening: site, side, calcification, extent, width. */
const pleuralEntry = (prefix: string, sites: FieldOption[]): StructuredField[] => [
  { id: `${prefix}.site`, name: 'Local', type: 'DROPDOWN', values: sites, required: true },
  { id: `${prefix}.side`, name: 'Lado', type: 'DROPDOWN', values: SIDE.slice(1), required: true },
  { id: `${prefix}.calcification`, name: 'Calcificação', type: 'DROPDOWN', values: YES_NO, required: true },
  { id: `${prefix}.extent`, name: 'Extensão', type: 'DROPDOWN', values: EXTENT, required: false },
  { id: `${prefix}.width`, name: 'Largura', type: 'DROPDOWN', values: WIDTH, required: false },
];

export const OIT_FIELDS: readonly StructuredField[] = [
  { id: 'oit.t1', name: '1. Qualidade técnica', type: 'TITLE', values: [], required: false },
  {
    id: 'oit.filmQuality',
    name: 'Qualidade da radiografia',
    type: 'DROPDOWN',
    values: [opt('1', '1 — Boa'), opt('2', '2 — Aceitável'), opt('3', '3 — Baixa qualidade'), opt('4', '4 — Inaceitável')],
    required: true,
  },
  {
    id: 'oit.filmComment',
    name: 'Comentário sobre a qualidade',
    type: 'TEXT',
    values: [],
    required: false,
    requiredIf: { fieldId: 'oit.filmQuality', in: ['2', '3', '4'] },
  },
  { id: 'oit.t2', name: '2. Anormalidades de parênquima', type: 'TITLE', values: [], required: false },
  {
    id: 'oit.parenchymal',
    name: 'Alguma anormalidade de parênquima consistente com pneumoconiose',
    type: 'DROPDOWN',
    values: YES_NO,
    required: true,
  },
  { id: 'oit.s21', name: '2.1 Pequenas opacidades', type: 'SUBTITLE', values: [], required: false },
  {
    id: 'oit.shapePrimary',
    name: 'Forma e tamanho primária',
    type: 'DROPDOWN',
    values: SHAPES,
    required: false,
    requiredIf: yes('oit.parenchymal'),
  },
  {
    id: 'oit.shapeSecondary',
    name: 'Forma e tamanho secundária',
    type: 'DROPDOWN',
    values: SHAPES,
    required: false,
    requiredIf: yes('oit.parenchymal'),
  },
  {
    id: 'oit.zones',
    name: 'Zonas',
    type: 'TABLECHECK',
    values: [],
    rows: [opt('U', 'Superior'), opt('M', 'Média'), opt('L', 'Inferior')],
    columns: [opt('R', 'Direita'), opt('L', 'Esquerda')],
    required: false,
    requiredIf: yes('oit.parenchymal'),
  },
  {
    id: 'oit.profusion',
    name: 'Profusão',
    type: 'DROPDOWN',
    values: PROFUSION,
    required: false,
    requiredIf: yes('oit.parenchymal'),
  },
  { id: 'oit.s22', name: '2.2 Grandes opacidades', type: 'SUBTITLE', values: [], required: false },
  {
    id: 'oit.largeOpacities',
    name: 'Grandes opacidades',
    type: 'DROPDOWN',
    values: [opt('0'), opt('A'), opt('B'), opt('C')],
    required: false,
    requiredIf: yes('oit.parenchymal'),
  },
  { id: 'oit.t3', name: '3. Anormalidades pleurais', type: 'TITLE', values: [], required: false },
  {
    id: 'oit.pleural',
    name: 'Alguma anormalidade pleural consistente com pneumoconiose',
    type: 'DROPDOWN',
    values: YES_NO,
    required: true,
  },
  {
    id: 'oit.plaques',
    name: '3.1 Placas pleurais',
    type: 'DYNAMIC',
    values: [],
    required: false,
    min: 0,
    max: 6,
    entryName: 'Placa',
    fields: pleuralEntry('plaque', [
      opt('PP', 'Parede torácica de perfil'),
      opt('PF', 'Parede torácica de frente'),
      opt('DI', 'Diafragma'),
      opt('OU', 'Outros locais'),
    ]),
  },
  {
    id: 'oit.costophrenic',
    name: '3.2 Obliteração do seio costofrênico',
    type: 'DROPDOWN',
    values: [opt('0', 'Não'), opt('D', 'Direita'), opt('E', 'Esquerda'), opt('DE', 'Direita e esquerda')],
    required: false,
    requiredIf: yes('oit.pleural'),
  },
  {
    id: 'oit.diffuseThickening',
    name: '3.3 Espessamento pleural difuso',
    type: 'DYNAMIC',
    values: [],
    required: false,
    min: 0,
    max: 4,
    entryName: 'Espessamento',
    fields: pleuralEntry('thickening', [opt('PP', 'Parede torácica de perfil'), opt('PF', 'Parede torácica de frente')]),
  },
  { id: 'oit.t4', name: '4. Símbolos', type: 'TITLE', values: [], required: false },
  { id: 'oit.symbolsPresent', name: 'Símbolos', type: 'DROPDOWN', values: YES_NO, required: true },
  {
    id: 'oit.symbols',
    name: 'Símbolos presentes',
    type: 'CHECKBOX',
    values: [...OIT_SYMBOLS],
    required: false,
    requiredIf: yes('oit.symbolsPresent'),
  },
  { id: 'oit.comments', name: 'Comentários', type: 'TEXT', values: [], required: false },
];
