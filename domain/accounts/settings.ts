/**
 * Account settings (spec 3 §2 'Account settings': login attempts, password expiry, two-factor…),
 * kept as key/value pairs in accounts.config. This registry is the one place that names a key:
 * its type, default and description; the code reads a setting through `accountSetting`, and the
 * settings screen is generated from the registry.
 */
import type { Lang } from '../errors';

interface Base {
  description: Record<Lang, string>;
}
interface IntegerSetting extends Base {
  type: 'integer';
  default: number;
  min: number;
  max: number;
}
interface BooleanSetting extends Base {
  type: 'boolean';
  default: boolean;
}
type SettingDefinition = IntegerSetting | BooleanSetting;

export const ACCOUNT_SETTINGS = {
  LOGIN_ATTEMPTS: {
    type: 'integer',
    default: 5,
    min: 1,
    max: 50,
    description: {
      'pt-BR': 'Tentativas de login com senha errada antes de bloquear o usuário',
      en: 'Wrong-password login attempts before the user is blocked',
      es: 'Intentos de inicio de sesión con contraseña incorrecta antes de bloquear al usuario',
    },
  },
  PASSWORD_EXPIRY_DAYS: {
    type: 'integer',
    default: 0,
    min: 0,
    max: 3650,
    description: {
      'pt-BR': 'Dias até a senha expirar (0: nunca expira)',
      en: 'Days until a password expires (0: never)',
      es: 'Días hasta que la contraseña expire (0: nunca)',
    },
  },
  PASSWORD_HISTORY: {
    type: 'integer',
    default: 5,
    min: 0,
    max: 24,
    description: {
      'pt-BR': 'Últimas senhas que não podem ser repetidas',
      en: 'Previous passwords that may not be reused',
      es: 'Últimas contraseñas que no se pueden repetir',
    },
  },
  TWO_FACTOR_REQUIRED: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Autenticação em dois fatores obrigatória para os usuários da conta',
      en: "Two-factor authentication required for the account's users",
      es: 'Autenticación de dos factores obligatoria para los usuarios de la cuenta',
    },
  },
  ALLOW_SIGNUP: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Permitir cadastro aberto (sem convite) nesta conta',
      en: 'Allow open sign-up (without an invitation) to this account',
      es: 'Permitir el registro abierto (sin invitación) en esta cuenta',
    },
  },
} as const satisfies Record<string, SettingDefinition>;

export type AccountSettingKey = keyof typeof ACCOUNT_SETTINGS;
type ValueOf<D> = D extends { type: 'integer' } ? number : D extends { type: 'boolean' } ? boolean : never;
export type AccountSettingValue<K extends AccountSettingKey> = ValueOf<(typeof ACCOUNT_SETTINGS)[K]>;

export const isAccountSettingKey = (key: string): key is AccountSettingKey => key in ACCOUNT_SETTINGS;

/** A stored value as its type, or null when it is not one (stored values may be strings). */
export function parseSettingValue<K extends AccountSettingKey>(key: K, raw: unknown): AccountSettingValue<K> | null {
  const def: SettingDefinition = ACCOUNT_SETTINGS[key];
  if (def.type === 'boolean') {
    if (typeof raw === 'boolean') return raw as AccountSettingValue<K>;
    const text = String(raw ?? '')
      .trim()
      .toLowerCase();
    return (text === 'true' ? true : text === 'false' ? false : null) as AccountSettingValue<K> | null;
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return (Number.isInteger(n) && n >= def.min && n <= def.max ? n : null) as AccountSettingValue<K> | null;
}

/** The setting as the account has it, or its default when unset or unreadable. */
export function accountSetting<K extends AccountSettingKey>(
  config: Record<string, unknown> | null | undefined,
  key: K,
): AccountSettingValue<K> {
  return parseSettingValue(key, config?.[key]) ?? (ACCOUNT_SETTINGS[key].default as AccountSettingValue<K>);
}
