/**
 * DICOMweb (PS3.18) refusals: a query key the server does not apply (never silently ignored)
 * and a representation (Accept, transfer syntax) it cannot serve.
 */
import type { ErrorEntry } from './entry';

export const dicomwebErrors = {
  DICOMWEB_UNSUPPORTED_QUERY: {
    status: 400,
    message: {
      'pt-BR': 'A consulta tem chaves ou valores que o servidor não aplica.',
      en: 'The query has keys or values the server does not apply.',
      es: 'La consulta tiene claves o valores que el servidor no aplica.',
    },
  },
  DICOMWEB_NOT_ACCEPTABLE: {
    status: 406,
    message: {
      'pt-BR': 'O servidor não pode entregar o formato ou a sintaxe de transferência pedidos.',
      en: 'The server cannot deliver the requested media type or transfer syntax.',
      es: 'El servidor no puede entregar el formato o la sintaxis de transferencia solicitados.',
    },
  },
} satisfies Record<string, ErrorEntry>;
