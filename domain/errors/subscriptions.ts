/**
 * Notification subscriptions (spec 3 §5 'needs at least one event, an institution and a user';
 * §8 'subscription cannot be updated or removed'). The spec names these errors without their
 * wording: the messages are ours (ADR 032).
 */
import type { ErrorEntry } from './entry';

export const subscriptionsErrors = {
  SUBSCRIPTION_EVENT_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Selecione pelo menos um evento.',
      en: 'Select at least one event.',
      es: 'Seleccione al menos un evento.',
    },
  },
  SUBSCRIPTION_INSTITUTION_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Selecione a instituição.',
      en: 'Select the institution.',
      es: 'Seleccione la institución.',
    },
  },
  SUBSCRIPTION_USER_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Selecione o usuário.',
      en: 'Select the user.',
      es: 'Seleccione el usuario.',
    },
  },
  SUBSCRIPTION_LOCKED: {
    status: 409,
    message: {
      'pt-BR': 'A inscrição não pode ser atualizada ou removida.',
      en: 'The subscription cannot be updated or removed.',
      es: 'La suscripción no puede ser actualizada ni eliminada.',
    },
  },
  SUBSCRIPTION_ALREADY_EXISTS: {
    status: 409,
    message: {
      'pt-BR': 'Este usuário já tem uma inscrição deste tipo para esta instituição.',
      en: 'This user already has a subscription of this type for this institution.',
      es: 'Este usuario ya tiene una suscripción de este tipo para esta institución.',
    },
  },
  SUBSCRIPTION_LINK_INVALID: {
    status: 410,
    message: {
      'pt-BR': 'Link de confirmação inválido, expirado ou já utilizado.',
      en: 'Invalid, expired or already used confirmation link.',
      es: 'Enlace de confirmación inválido, vencido o ya utilizado.',
    },
  },
} satisfies Record<string, ErrorEntry>;
