/**
 * Administration of accounts, account settings and institutions (issue 14; spec 3 §8 'cannot
 * manage'). Accounts are the super role's; an account's settings and institutions its
 * administrators'.
 */
import type { ErrorEntry } from './entry';

export const adminAccountsErrors = {
  ACCOUNTS_CANNOT_MANAGE: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar contas',
      en: 'You cannot manage accounts',
      es: 'No puede gestionar cuentas',
    },
  },
  ACCOUNT_SETTINGS_CANNOT_MANAGE: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar as configurações desta conta',
      en: "You cannot manage this account's settings",
      es: 'No puede gestionar la configuración de esta cuenta',
    },
  },
  INSTITUTIONS_CANNOT_MANAGE: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar instituições',
      en: 'You cannot manage institutions',
      es: 'No puede gestionar instituciones',
    },
  },
  ACCOUNT_SETTING_UNKNOWN: {
    status: 404,
    message: { 'pt-BR': 'Configuração desconhecida', en: 'Unknown setting', es: 'Configuración desconocida' },
  },
  ACCOUNT_SETTING_INVALID: {
    status: 400,
    message: {
      'pt-BR': 'Valor inválido para esta configuração',
      en: 'Invalid value for this setting',
      es: 'Valor inválido para esta configuración',
    },
  },
  ACCOUNT_SETTING_NOT_EDITABLE: {
    status: 400,
    message: {
      'pt-BR': 'Esta configuração é mantida pela sua própria tela',
      en: 'This setting is kept by its own screen',
      es: 'Esta configuración se mantiene en su propia pantalla',
    },
  },
  ACCOUNT_INVALID: {
    status: 400,
    message: { 'pt-BR': 'Campos inválidos.', en: 'Invalid fields.', es: 'Campos inválidos.' },
  },
  ACCOUNT_DELETE_NAME_MISMATCH: {
    status: 400,
    message: {
      'pt-BR': 'Digite o nome da conta para confirmar a exclusão',
      en: "Type the account's name to confirm the deletion",
      es: 'Escriba el nombre de la cuenta para confirmar la eliminación',
    },
  },
  ACCOUNT_HAS_STUDIES: {
    status: 409,
    message: {
      'pt-BR': 'A conta tem estudos e não pode ser excluída',
      en: 'The account has studies and cannot be deleted',
      es: 'La cuenta tiene estudios y no puede eliminarse',
    },
  },
  ACCOUNT_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'A conta ainda tem dados vinculados e não pode ser excluída',
      en: 'The account still has linked data and cannot be deleted',
      es: 'La cuenta aún tiene datos vinculados y no puede eliminarse',
    },
  },
  INSTITUTION_INVALID: {
    status: 400,
    message: { 'pt-BR': 'Campos inválidos.', en: 'Invalid fields.', es: 'Campos inválidos.' },
  },
  INSTITUTION_NAME_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Já existe uma instituição com este nome na conta',
      en: 'An institution with this name already exists in the account',
      es: 'Ya existe una institución con este nombre en la cuenta',
    },
  },
  INSTITUTION_AE_TITLE_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Este AE Title já é usado por outra instituição da conta',
      en: 'This AE Title is already used by another institution of the account',
      es: 'Este AE Title ya lo usa otra institución de la cuenta',
    },
  },
  INSTITUTION_INACTIVE: {
    status: 409,
    message: {
      'pt-BR': 'A instituição está desativada e não recebe novos estudos',
      en: 'The institution is deactivated and receives no new studies',
      es: 'La institución está desactivada y no recibe nuevos estudios',
    },
  },
} satisfies Record<string, ErrorEntry>;
