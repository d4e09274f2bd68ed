/** The results portal and sending result access (spec 3 §2, §5, §8, §9). */
import type { ErrorEntry } from './entry';

export const portalErrors = {
  PORTAL_FIELDS_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe o ID do paciente, a data de nascimento e o código de acesso.',
      en: 'Enter the patient ID, the birth date and the access code.',
      es: 'Indique el ID del paciente, la fecha de nacimiento y el código de acceso.',
    },
  },
  PORTAL_ACCESS_DENIED: {
    status: 401,
    message: {
      'pt-BR':
        'Não encontramos um resultado com esses dados. Confira o ID do paciente, a data de nascimento e o código de acesso.',
      en: 'No result matches these details. Check the patient ID, the birth date and the access code.',
      es: 'No encontramos un resultado con estos datos. Revise el ID del paciente, la fecha de nacimiento y el código de acceso.',
    },
  },
  PORTAL_SESSION_EXPIRED: {
    status: 401,
    message: {
      'pt-BR': 'Sua sessão no portal expirou. Entre novamente.',
      en: 'Your portal session has expired. Sign in again.',
      es: 'Su sesión en el portal expiró. Ingrese nuevamente.',
    },
  },
  RESULTS_PORTAL_DISABLED: {
    status: 403,
    message: {
      'pt-BR': 'O portal de resultados não está habilitado nesta conta.',
      en: 'The results portal is not enabled for this account.',
      es: 'El portal de resultados no está habilitado en esta cuenta.',
    },
  },
  RESULT_ACCESS_EXISTS: {
    status: 409,
    message: {
      'pt-BR': 'Código de acesso já criado.',
      en: 'Access code already created.',
      es: 'Código de acceso ya creado.',
    },
  },
  WHATSAPP_FREE_LIMIT: {
    status: 429,
    message: {
      'pt-BR': 'Limite de mensagens gratuitas de avaliação do WhatsApp atingido. Entre em contato com o setor comercial.',
      en: 'The free WhatsApp evaluation messages are used up. Contact sales.',
      es: 'Se alcanzó el límite de mensajes gratuitos de evaluación de WhatsApp. Contacte al área comercial.',
    },
  },
  WHATSAPP_NOT_CONFIGURED: {
    status: 409,
    message: {
      'pt-BR': 'O envio por WhatsApp não está configurado.',
      en: 'Sending by WhatsApp is not configured.',
      es: 'El envío por WhatsApp no está configurado.',
    },
  },
  WHATSAPP_SEND_FAILED: {
    status: 502,
    message: {
      'pt-BR': 'Não foi possível enviar a mensagem pelo WhatsApp. Tente novamente.',
      en: 'The WhatsApp message could not be sent. Try again.',
      es: 'No fue posible enviar el mensaje por WhatsApp. Intente nuevamente.',
    },
  },
} satisfies Record<string, ErrorEntry>;
