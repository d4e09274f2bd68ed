/** The management reports as tables for CSV/XLSX, headers in the request's language. */
import { formatDateTime } from '../../domain/dates';
import type { Lang } from '../../domain/errors';
import type { CanceledExam, ProductivityRow } from '../../domain/management/reports';

const num = (v: number | null): string => (v === null ? '' : String(v));

const PRODUCTIVITY: Record<Lang, { sheet: string; header: string[] }> = {
  'pt-BR': {
    sheet: 'Produtividade',
    header: [
      'Médico',
      'Modalidade',
      'Exame',
      'Laudos',
      'Assinados digitalmente',
      'Peso das rotinas',
      'Mediana (min)',
      'p90 (min)',
    ],
  },
  en: {
    sheet: 'Productivity',
    header: ['Doctor', 'Modality', 'Exam', 'Reports', 'Digitally signed', 'Routine weight', 'Median (min)', 'p90 (min)'],
  },
  es: {
    sheet: 'Productividad',
    header: [
      'Médico',
      'Modalidad',
      'Examen',
      'Informes',
      'Firmados digitalmente',
      'Peso de las rutinas',
      'Mediana (min)',
      'p90 (min)',
    ],
  },
};

/** One line per doctor (totals, modality and exam blank), then one per doctor, modality and exam. */
export function productivityRows(doctors: ProductivityRow[], lang: Lang) {
  const rows: string[][] = [];
  for (const d of doctors) {
    rows.push([d.name, '', '', String(d.reports), String(d.signed), num(d.weight), num(d.turnaround.p50), num(d.turnaround.p90)]);
    for (const e of d.byExam) rows.push([d.name, e.modality, e.examType, String(e.reports), '', '', '', '']);
  }
  return { ...PRODUCTIVITY[lang], rows };
}

const CANCELED: Record<Lang, { sheet: string; header: string[] }> = {
  'pt-BR': {
    sheet: 'Exames cancelados',
    header: ['Paciente', 'ID do paciente', 'Exame', 'Modalidades', 'Instituição', 'Recebido em', 'Cancelado em', 'Cancelado por'],
  },
  en: {
    sheet: 'Canceled exams',
    header: ['Patient', 'Patient ID', 'Exam', 'Modalities', 'Institution', 'Received at', 'Canceled at', 'Canceled by'],
  },
  es: {
    sheet: 'Exámenes cancelados',
    header: [
      'Paciente',
      'ID del paciente',
      'Examen',
      'Modalidades',
      'Institución',
      'Recibido el',
      'Cancelado el',
      'Cancelado por',
    ],
  },
};

export function canceledRows(exams: CanceledExam[], lang: Lang) {
  const when = (v: string | null) => (v ? formatDateTime(v, lang) : '');
  return {
    ...CANCELED[lang],
    rows: exams.map((e) => [
      e.patientName ?? '',
      e.patientId ?? '',
      e.examType ?? '',
      e.modalities.join(', '),
      e.institutionName ?? '',
      when(e.receivedAt),
      when(e.canceledAt),
      e.canceledBy ?? '',
    ]),
  };
}
