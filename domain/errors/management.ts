/** Management reports (spec 3 §5: the management report covers at most 30 days). */
import type { ErrorEntry } from './entry';

export const managementErrors = {
  CANNOT_READ_MANAGEMENT_REPORTS: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode consultar os relatórios de produtividade e gestão.',
      en: 'You cannot read the productivity and management reports.',
      es: 'No puede consultar los informes de productividad y gestión.',
    },
  },
  MANAGEMENT_PERIOD_TOO_LONG: {
    status: 400,
    message: {
      'pt-BR': 'O relatório gerencial é limitado a intervalos de até 30 dias.',
      en: 'The management report is limited to periods of up to 30 days.',
      es: 'El informe de gestión está limitado a intervalos de hasta 30 días.',
    },
  },
} satisfies Record<string, ErrorEntry>;
