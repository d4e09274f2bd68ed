/**
 * Report documents: images, PDF, share by e-mail, A1 certificates and signing.
 */
import type { ErrorEntry } from './entry';

export const documentsErrors = {
  // Report images (spec 2 §2, §3, §7): external files and their one-time upload urls.
  REPORT_IMAGE_TYPE_NOT_ALLOWED: {
    status: 400,
    message: {
      'pt-BR': 'Apenas imagens jpg, jpeg ou png são permitidas',
      en: 'Only jpg, jpeg or png images are allowed',
      es: 'Solo se permiten imágenes jpg, jpeg o png',
    },
  },
  REPORT_IMAGE_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'A imagem excede o limite de 10MB',
      en: 'The image exceeds the 10MB limit',
      es: 'La imagen supera el límite de 10MB',
    },
  },
  REPORT_IMAGES_UPLOAD_FAILED: {
    status: 400,
    message: {
      'pt-BR': 'Aconteceu um erro ao enviar os arquivos. Recarrege a página e tente novamente.',
      en: 'An error occurred while sending the files. Reload the page and try again.',
      es: 'Ocurrió un error al enviar los archivos. Recargue la página e intente nuevamente.',
    },
  },
  UPLOAD_LINK_EXPIRED: {
    status: 410,
    message: {
      'pt-BR': 'O link de envio expirou ou já foi usado.',
      en: 'The upload link has expired or was already used.',
      es: 'El enlace de envío expiró o ya fue usado.',
    },
  },
  REPORT_EXTERNAL_IMAGES_LIMIT: {
    status: 400,
    message: {
      'pt-BR': 'O laudo atingiu o limite de 30 imagens externas.',
      en: 'The report has reached the limit of 30 external images.',
      es: 'El informe alcanzó el límite de 30 imágenes externas.',
    },
  },
  /** A version with no document yet (spec 3: report not yet generated or signed). */
  REPORT_PDF_UNAVAILABLE: {
    status: 404,
    message: {
      'pt-BR': 'O laudo ainda não foi gerado ou assinado',
      en: 'The report has not been generated or signed yet',
      es: 'El informe aún no fue generado o firmado',
    },
  },
  /** Sharing a report by e-mail (spec 1 §5, §6; the dialog 'Erro ao compartilhar o PDF do laudo'). */
  SHARE_EMAIL_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Informe um endereço de e-mail válido',
      en: 'Enter a valid e-mail address',
      es: 'Informe una dirección de correo electrónico válida',
    },
  },
  SHARE_ONLY_VETERINARY: {
    status: 403,
    message: {
      'pt-BR': 'O compartilhamento do laudo por e-mail é exclusivo para contas veterinárias',
      en: 'Sharing a report by e-mail is only available to veterinary accounts',
      es: 'Compartir el informe por correo electrónico es exclusivo de las cuentas veterinarias',
    },
  },
  /** Spec 3 §8 'sending limit reached (contact sales)': shares per user per hour (SHARE_LIMIT_PER_HOUR). */
  SHARE_LIMIT_REACHED: {
    status: 429,
    message: {
      'pt-BR': 'Limite de envios atingido. Entre em contato com o setor comercial.',
      en: 'Sending limit reached. Please contact sales.',
      es: 'Límite de envíos alcanzado. Póngase en contacto con el área comercial.',
    },
  },
  SHARE_SEND_FAILED: {
    status: 502,
    message: {
      'pt-BR': 'Não foi possível enviar o e-mail com o laudo. Tente novamente mais tarde',
      en: 'The e-mail with the report could not be sent. Please try again later',
      es: 'No fue posible enviar el correo con el informe. Intente nuevamente más tarde',
    },
  },
  /** An uploaded A1 file that is not a readable PKCS#12 with a certificate and key (spec 2 §8). */
  CERTIFICATE_UPLOAD_FAILED: {
    status: 400,
    message: {
      'pt-BR': 'Ocorreu um erro ao enviar o arquivo. Verifique o arquivo enviado e tente novamente.',
      en: 'An error occurred while sending the file. Check the file and try again.',
      es: 'Ocurrió un error al enviar el archivo. Verifique el archivo enviado e intente nuevamente.',
    },
  },
  CERTIFICATE_PASSWORD_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Senha do certificado digital incorreta',
      en: 'Wrong password for the digital certificate',
      es: 'Contraseña del certificado digital incorrecta',
    },
  },
  CERTIFICATE_EXPIRED: {
    status: 400,
    message: {
      'pt-BR': 'O certificado digital está fora da validade',
      en: 'The digital certificate is not within its validity period',
      es: 'El certificado digital está fuera de su validez',
    },
  },
  /** Issue 12: each refusal of an A1 (upload and signing) says what is wrong with it. */
  CERTIFICATE_NOT_YET_VALID: {
    status: 400,
    message: {
      'pt-BR': 'O certificado digital ainda não entrou na validade',
      en: 'The digital certificate is not valid yet',
      es: 'El certificado digital aún no entró en vigencia',
    },
  },
  CERTIFICATE_UNTRUSTED: {
    status: 400,
    message: {
      'pt-BR': 'O certificado digital não foi emitido por uma Autoridade Certificadora confiável',
      en: 'The digital certificate was not issued by a trusted Certification Authority',
      es: 'El certificado digital no fue emitido por una Autoridad Certificadora confiable',
    },
  },
  CERTIFICATE_KEY_USAGE: {
    status: 400,
    message: {
      'pt-BR': 'O certificado digital não permite assinatura digital',
      en: 'The digital certificate does not allow digital signatures',
      es: 'El certificado digital no permite la firma digital',
    },
  },
  CERTIFICATE_HOLDER_MISMATCH: {
    status: 400,
    message: {
      'pt-BR': 'O certificado digital não pertence a este usuário: o CPF do titular é diferente do CPF cadastrado',
      en: "The digital certificate does not belong to this user: the holder's CPF differs from the registered CPF",
      es: 'El certificado digital no pertenece a este usuario: el CPF del titular es distinto del CPF registrado',
    },
  },
  CERTIFICATE_HOLDER_CPF_MISSING: {
    status: 400,
    message: {
      'pt-BR': 'Cadastre o seu CPF antes de usar o certificado digital',
      en: 'Register your CPF before using the digital certificate',
      es: 'Registre su CPF antes de usar el certificado digital',
    },
  },
  /** Spec 3 §5: CPF checked for validity; an incomplete class (council) document is an error. */
  CPF_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'CPF inválido',
      en: 'Invalid CPF',
      es: 'CPF inválido',
    },
  },
  CPF_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Este CPF já está cadastrado para outro usuário',
      en: 'This CPF is already registered for another user',
      es: 'Este CPF ya está registrado para otro usuario',
    },
  },
  PROFESSIONAL_COUNCIL_INCOMPLETE: {
    status: 400,
    message: {
      'pt-BR': 'Documento de classe incompleto: informe o conselho (CRM ou CRMV), o número e a UF',
      en: 'Incomplete professional council document: give the council (CRM or CRMV), the number and the state',
      es: 'Documento de clase incompleto: informe el consejo (CRM o CRMV), el número y la UF',
    },
  },
} satisfies Record<string, ErrorEntry>;
