/**
 * Why one file of an upload was refused: a code the client shows per file, its message in
 * each language, and the PS3.4 FailureReason the STOW-RS answer carries.
 */
import type { Lang } from '../domain/errors';

export const DICOM_FAILURES = {
  NOT_DICOM: {
    reason: 0xc000, // cannot understand
    message: {
      'pt-BR': 'O arquivo não é DICOM (Part 10).',
      en: 'The file is not DICOM (Part 10).',
      es: 'El archivo no es DICOM (Part 10).',
    },
  },
  TRUNCATED: {
    reason: 0xc000,
    message: {
      'pt-BR': 'O arquivo DICOM está incompleto ou corrompido.',
      en: 'The DICOM file is incomplete or corrupt.',
      es: 'El archivo DICOM está incompleto o dañado.',
    },
  },
  MISSING_UID: {
    reason: 0xa900, // data set does not match SOP class
    message: {
      'pt-BR': 'O arquivo DICOM não tem um UID obrigatório válido (estudo, série ou instância).',
      en: 'The DICOM file lacks a valid required UID (study, series or instance).',
      es: 'El archivo DICOM no tiene un UID obligatorio válido (estudio, serie o instancia).',
    },
  },
  TOO_LARGE: {
    reason: 0xa700, // out of resources
    message: {
      'pt-BR': 'O arquivo é maior que o tamanho máximo permitido.',
      en: 'The file is larger than the maximum size allowed.',
      es: 'El archivo es mayor que el tamaño máximo permitido.',
    },
  },
  UNSUPPORTED_CHARSET: {
    reason: 0xc000, // cannot understand: its text cannot be read
    message: {
      'pt-BR': 'O arquivo DICOM usa um conjunto de caracteres (SpecificCharacterSet) que o servidor não lê.',
      en: 'The DICOM file uses a character set (SpecificCharacterSet) the server cannot read.',
      es: 'El archivo DICOM usa un juego de caracteres (SpecificCharacterSet) que el servidor no lee.',
    },
  },
  STUDY_UID_MISMATCH: {
    reason: 0xa900,
    message: {
      'pt-BR': 'A instância não pertence ao estudo do endereço.',
      en: 'The instance does not belong to the study of the address.',
      es: 'La instancia no pertenece al estudio de la dirección.',
    },
  },
  STORE_FAILED: {
    reason: 0xa700,
    message: {
      'pt-BR': 'Não foi possível armazenar o arquivo. Tente novamente.',
      en: 'The file could not be stored. Try again.',
      es: 'No fue posible almacenar el archivo. Inténtelo de nuevo.',
    },
  },
} as const satisfies Record<string, { reason: number; message: Record<Lang, string> }>;

export type DicomFailure = keyof typeof DICOM_FAILURES;

export class DicomInputError extends Error {
  constructor(
    readonly reason: DicomFailure,
    readonly detail?: string,
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

export function failureMessage(reason: DicomFailure, lang: Lang): string {
  return DICOM_FAILURES[reason].message[lang];
}
