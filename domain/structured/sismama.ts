/**
 * The SISMAMA mammography form (Brazilian breast-cancer information system): indication,
 * breast composition (BI-RADS 5th ed. a–d), findings per breast, BI-RADS category per breast.
 */
import type { FieldOption, StructuredField } from './fields';

const opt = (value: string, description = value): FieldOption => ({ value, description });
const BREAST = [opt('D', 'Mama direita'), opt('E', 'Mama esquerda')];
const BIRADS = [
  opt('0', '0 — Inconclusivo, necessita avaliação adicional'),
  opt('1', '1 — Negativo'),
  opt('2', '2 — Achado benigno'),
  opt('3', '3 — Provavelmente benigno'),
  opt('4', '4 — Suspeito'),
  opt('5', '5 — Altamente suspeito de malignidade'),
  opt('6', '6 — Malignidade comprovada por biópsia'),
];

export const SISMAMA_FIELDS: readonly StructuredField[] = [
  { id: 'sismama.t1', name: 'Indicação', type: 'TITLE', values: [], required: false },
  {
    id: 'sismama.indication',
    name: 'Indicação clínica',
    type: 'DROPDOWN',
    values: [
      opt('RASTREAMENTO', 'Mamografia de rastreamento'),
      opt('DIAGNOSTICA', 'Mamografia diagnóstica'),
      opt('CONTROLE', 'Controle radiológico de lesão provavelmente benigna'),
      opt('SEGUIMENTO', 'Seguimento pós-tratamento de câncer de mama'),
    ],
    required: true,
  },
  { id: 'sismama.clinical', name: 'Dados clínicos', type: 'TEXT', values: [], required: false },
  { id: 'sismama.t2', name: 'Composição mamária', type: 'TITLE', values: [], required: false },
  {
    id: 'sismama.composition',
    name: 'Composição das mamas',
    type: 'DROPDOWN',
    values: [
      opt('a', 'a — Mamas predominantemente adiposas'),
      opt('b', 'b — Áreas esparsas de densidade fibroglandular'),
      opt('c', 'c — Mamas heterogeneamente densas'),
      opt('d', 'd — Mamas extremamente densas'),
    ],
    required: true,
  },
  { id: 'sismama.t3', name: 'Achados', type: 'TITLE', values: [], required: false },
  {
    id: 'sismama.findings',
    name: 'Achados por mama',
    type: 'DYNAMIC',
    values: [],
    required: false,
    min: 0,
    max: 10,
    entryName: 'Achado',
    fields: [
      { id: 'finding.breast', name: 'Mama', type: 'DROPDOWN', values: BREAST, required: true },
      {
        id: 'finding.kind',
        name: 'Tipo de achado',
        type: 'DROPDOWN',
        values: [
          opt('NODULO', 'Nódulo'),
          opt('MICROCALCIFICACOES', 'Microcalcificações'),
          opt('DISTORCAO', 'Distorção arquitetural'),
          opt('ASSIMETRIA', 'Assimetria'),
          opt('LINFONODO', 'Linfonodo axilar'),
        ],
        required: true,
      },
      {
        id: 'finding.location',
        name: 'Localização',
        type: 'DROPDOWN',
        values: [
          opt('QSL', 'Quadrante superior lateral'),
          opt('QSM', 'Quadrante superior medial'),
          opt('QIL', 'Quadrante inferior lateral'),
          opt('QIM', 'Quadrante inferior medial'),
          opt('UQS', 'União dos quadrantes superiores'),
          opt('UQI', 'União dos quadrantes inferiores'),
          opt('RRA', 'Região retroareolar'),
          opt('CEN', 'Região central'),
          opt('PAX', 'Prolongamento axilar'),
        ],
        required: true,
      },
      { id: 'finding.size', name: 'Tamanho (mm)', type: 'TEXT', values: [], required: false },
    ],
  },
  { id: 'sismama.t4', name: 'Classificação BI-RADS', type: 'TITLE', values: [], required: false },
  { id: 'sismama.biradsRight', name: 'BI-RADS mama direita', type: 'DROPDOWN', values: BIRADS, required: true },
  { id: 'sismama.biradsLeft', name: 'BI-RADS mama esquerda', type: 'DROPDOWN', values: BIRADS, required: true },
  { id: 'sismama.t5', name: 'Recomendações', type: 'TITLE', values: [], required: false },
  {
    id: 'sismama.recommendation',
    name: 'Recomendação',
    type: 'DROPDOWN',
    values: [
      opt('ROTINA', 'Controle de rotina conforme faixa etária'),
      opt('SEIS_MESES', 'Controle radiológico em 6 meses'),
      opt('COMPLEMENTAR', 'Avaliação adicional (incidências complementares / ultrassonografia)'),
      opt('BIOPSIA', 'Estudo histopatológico'),
      opt('TRATAMENTO', 'Terapêutica específica em unidade de tratamento de câncer'),
    ],
    required: false,
  },
  { id: 'sismama.notes', name: 'Observações', type: 'TEXT', values: [], required: false },
];
