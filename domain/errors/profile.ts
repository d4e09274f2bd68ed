/**
 * My profile (issue 13): personal data, e-mail change by a confirmation link, and the signature
 * image drawn in signed PDFs (spec 3 §5/§9: JPG or PNG up to 2 MB).
 */
import type { ErrorEntry } from './entry';

export const profileErrors = {
  PROFILE_NAME_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Preencha o nome com 3 a 200 caracteres',
      en: 'Fill in the name with 3 to 200 characters',
      es: 'Complete el nombre con 3 a 200 caracteres',
    },
  },
  PROFILE_MOBILE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Celular inválido. Use DDD e número, ex.: (11) 91234-5678',
      en: 'Invalid mobile number. Use the area code and number, e.g. (11) 91234-5678',
      es: 'Celular inválido. Use el código de área y el número, ej.: (11) 91234-5678',
    },
  },
  PROFILE_PHONE_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Telefone inválido. Use DDD e número, ex.: (11) 3123-4567',
      en: 'Invalid phone number. Use the area code and number, e.g. (11) 3123-4567',
      es: 'Teléfono inválido. Use el código de área y el número, ej.: (11) 3123-4567',
    },
  },
  PROFILE_EMAIL_INVALID: {
    status: 400,
    message: { 'pt-BR': 'E-mail inválido', en: 'Invalid e-mail', es: 'Correo electrónico inválido' },
  },
  PROFILE_EMAIL_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Este e-mail já está em uso',
      en: 'This e-mail is already in use',
      es: 'Este correo electrónico ya está en uso',
    },
  },
  PROFILE_EMAIL_UNCHANGED: {
    status: 400,
    message: {
      'pt-BR': 'Este já é o seu e-mail',
      en: 'This is already your e-mail',
      es: 'Este ya es su correo electrónico',
    },
  },
  PROFILE_PASSWORD_WRONG: {
    status: 400,
    message: {
      'pt-BR': 'Senha atual incorreta',
      en: 'Current password is wrong',
      es: 'Contraseña actual incorrecta',
    },
  },
  EMAIL_CHANGE_LINK_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Link de confirmação inválido, já utilizado ou expirado',
      en: 'Confirmation link invalid, already used or expired',
      es: 'Enlace de confirmación inválido, ya utilizado o vencido',
    },
  },
  SIGNATURE_IMAGE_TYPE_NOT_ALLOWED: {
    status: 400,
    message: {
      'pt-BR': 'A imagem da assinatura deve ser JPG ou PNG',
      en: 'The signature image must be a JPG or PNG',
      es: 'La imagen de la firma debe ser JPG o PNG',
    },
  },
  SIGNATURE_IMAGE_TOO_LARGE: {
    status: 413,
    message: {
      'pt-BR': 'A imagem da assinatura excede o limite de 2MB',
      en: 'The signature image exceeds the 2MB limit',
      es: 'La imagen de la firma supera el límite de 2MB',
    },
  },
} satisfies Record<string, ErrorEntry>;
