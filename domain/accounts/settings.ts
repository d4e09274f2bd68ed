/**
 * Account settings (spec 3 §2 'Account settings': login attempts, password expiry, two-factor…),
 * kept as key/value pairs in accounts.config. This registry is the one place that names a key:
 * its type, default and description; the code reads a setting through `accountSetting`, and the
 * settings screen is generated from the registry.
 */
import { z } from 'zod';
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
interface TextSetting extends Base {
  type: 'text';
  default: string;
  maxLength: number;
}
/** A list of short strings; stored as a JSON array (older values: a comma-separated string). */
interface ListSetting extends Base {
  type: 'list';
  default: readonly string[];
  maxItems: number;
  maxItemLength: number;
}
/** A structured value another screen owns (written through its own route, not the settings screen). */
interface ObjectSetting extends Base {
  type: 'object';
  default: null;
  ownedBy: string;
}
export type SettingDefinition = IntegerSetting | BooleanSetting | TextSetting | ListSetting | ObjectSetting;
export type SettingType = SettingDefinition['type'];

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
  WHATSAPP_FREE_QUOTA: {
    type: 'integer',
    default: 50,
    min: 0,
    max: 1_000_000,
    description: {
      'pt-BR': 'Mensagens gratuitas de avaliação do WhatsApp (acesso a resultados) nesta conta',
      en: 'Free WhatsApp evaluation messages (result access) for this account',
      es: 'Mensajes gratuitos de evaluación de WhatsApp (acceso a resultados) en esta cuenta',
    },
  },
  INSTITUTIONS_WITH_CRITICAL_FINDING_IN_REPORT: {
    type: 'list',
    default: [],
    maxItems: 500,
    maxItemLength: 36,
    description: {
      'pt-BR': "Instituições (ids, ou 'ALL' para todas) em que um achado crítico aceito sempre entra no laudo",
      en: "Institutions (ids, or 'ALL' for every one) where an accepted critical finding always goes into the report",
      es: "Instituciones (ids, o 'ALL' para todas) en las que un hallazgo crítico aceptado siempre entra en el informe",
    },
  },
  CRITICAL_FINDING_ACK_MINUTES: {
    type: 'integer',
    default: 60,
    min: 1,
    max: 1440,
    description: {
      'pt-BR':
        'Minutos para o médico solicitante confirmar um achado crítico comunicado por e-mail antes de escalar aos coordenadores',
      en: 'Minutes for the requesting physician to acknowledge a critical finding sent by e-mail before it escalates to the coordinators',
      es: 'Minutos para que el médico solicitante confirme un hallazgo crítico comunicado por correo antes de escalar a los coordinadores',
    },
  },
  maxAdjacentImages: {
    type: 'integer',
    default: 12,
    min: 0,
    max: 1000,
    description: {
      'pt-BR': "Até quantas imagens o estudo oferece as imagens como um grupo 'Todas as imagens' ao escolher imagens do laudo",
      en: "Up to how many images a study offers them as one 'All images' group when choosing report images",
      es: "Hasta cuántas imágenes el estudio las ofrece como un grupo 'Todas las imágenes' al elegir imágenes del informe",
    },
  },
  allowSelectAllImagesReport: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Permitir selecionar todas as imagens do estudo de uma vez para o laudo',
      en: "Allow selecting all of a study's images at once for the report",
      es: 'Permitir seleccionar todas las imágenes del estudio a la vez para el informe',
    },
  },
  allowDownloadConnect: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Permitir baixar estudos pelo Connect instalado na clínica',
      en: "Allow downloading studies through the clinic's installed Connect",
      es: 'Permitir descargar estudios por el Connect instalado en la clínica',
    },
  },
  ALLOW_PRINT_ON_DEMAND: {
    type: 'boolean',
    default: true,
    description: {
      'pt-BR': 'Permitir imprimir as imagens do estudo sob demanda',
      en: "Allow printing a study's images on demand",
      es: 'Permitir imprimir las imágenes del estudio bajo demanda',
    },
  },
  PRINT_CUSTOM_HEADER: {
    type: 'text',
    default: '',
    maxLength: 500,
    description: {
      'pt-BR': 'Texto do cabeçalho impresso sob o nome da instituição nos PDFs (vazio: nenhum)',
      en: "Header text printed under the institution's name on PDFs (empty: none)",
      es: 'Texto del encabezado impreso bajo el nombre de la institución en los PDF (vacío: ninguno)',
    },
  },
  ALLOW_REPORT_SISMAMA: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Permitir laudos SISMAMA em estudos de mamografia',
      en: 'Allow SISMAMA reports on mammography studies',
      es: 'Permitir informes SISMAMA en estudios de mamografía',
    },
  },
  speechLaudo: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Ditado por voz no editor de laudos (fala em português convertida em texto pelo navegador)',
      en: 'Voice dictation in the report editor (Portuguese speech turned into text by the browser)',
      es: 'Dictado por voz en el editor de informes (habla en portugués convertida en texto por el navegador)',
    },
  },
  forceBiradsClassification: {
    type: 'boolean',
    default: false,
    description: {
      'pt-BR': 'Exigir a classificação BI-RADS (categoria 0 a 6) no texto dos laudos de mamografia para finalizá-los',
      en: 'Require the BI-RADS classification (category 0 to 6) in the text of mammography reports to finish them',
      es: 'Exigir la clasificación BI-RADS (categoría 0 a 6) en el texto de los informes de mamografía para finalizarlos',
    },
  },
  PRINT_CONFIG: {
    type: 'object',
    default: null,
    ownedBy: 'print',
    description: {
      'pt-BR': 'Configuração de impressão salva (layouts), mantida pela tela de impressão',
      en: 'Saved print configuration (layouts), kept by the print screen',
      es: 'Configuración de impresión guardada (diseños), mantenida por la pantalla de impresión',
    },
  },
} as const satisfies Record<string, SettingDefinition>;

export type AccountSettingKey = keyof typeof ACCOUNT_SETTINGS;
type ValueOf<D> = D extends { type: 'integer' }
  ? number
  : D extends { type: 'boolean' }
    ? boolean
    : D extends { type: 'text' }
      ? string
      : D extends { type: 'list' }
        ? readonly string[]
        : D extends { type: 'object' }
          ? Record<string, unknown> | null
          : never;
export type AccountSettingValue<K extends AccountSettingKey> = ValueOf<(typeof ACCOUNT_SETTINGS)[K]>;

export const ACCOUNT_SETTING_KEYS = Object.keys(ACCOUNT_SETTINGS) as AccountSettingKey[];

export const isAccountSettingKey = (key: string): key is AccountSettingKey => Object.hasOwn(ACCOUNT_SETTINGS, key);

export function settingDefinition(key: AccountSettingKey): SettingDefinition {
  return ACCOUNT_SETTINGS[key];
}

function parseList(def: ListSetting, raw: unknown): string[] | null {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
  if (!items || !items.every((v) => typeof v === 'string')) return null;
  const list = [...new Set(items.map((v) => v.trim()).filter(Boolean))];
  return list.length <= def.maxItems && list.every((v) => v.length <= def.maxItemLength) ? list : null;
}

function parseValue(def: SettingDefinition, raw: unknown): unknown {
  switch (def.type) {
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      const text = String(raw ?? '')
        .trim()
        .toLowerCase();
      return text === 'true' ? true : text === 'false' ? false : null;
    }
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
      return Number.isInteger(n) && n >= def.min && n <= def.max ? n : null;
    }
    case 'text':
      return typeof raw === 'string' && raw.length <= def.maxLength ? raw : null;
    case 'list':
      return parseList(def, raw);
    case 'object':
      return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : null;
  }
}

/** A stored value as its type, or null when it is not one (stored values may be strings). */
export function parseSettingValue<K extends AccountSettingKey>(key: K, raw: unknown): AccountSettingValue<K> | null {
  return parseValue(ACCOUNT_SETTINGS[key], raw) as AccountSettingValue<K> | null;
}

/** The setting as the account has it, or its default when unset or unreadable. */
export function accountSetting<K extends AccountSettingKey>(
  config: Record<string, unknown> | null | undefined,
  key: K,
): AccountSettingValue<K> {
  return parseSettingValue(key, config?.[key]) ?? (ACCOUNT_SETTINGS[key].default as AccountSettingValue<K>);
}

/** Every setting as the account has it (defaults filled in), and which ones the account set. */
export function accountSettings(config: Record<string, unknown> | null | undefined): {
  values: Record<AccountSettingKey, unknown>;
  customized: AccountSettingKey[];
} {
  const values = {} as Record<AccountSettingKey, unknown>;
  const customized: AccountSettingKey[] = [];
  for (const key of ACCOUNT_SETTING_KEYS) {
    values[key] = accountSetting(config, key);
    if (config && Object.hasOwn(config, key) && parseSettingValue(key, config[key]) !== null) customized.push(key);
  }
  return { values, customized };
}

/** Whether the settings screen edits the key (an 'object' setting is kept by its own screen). */
export const isEditableSetting = (key: AccountSettingKey): boolean => ACCOUNT_SETTINGS[key].type !== 'object';

/**
 * A value sent for the key, checked strictly (no string coercion) and normalised (lists
 * trimmed and deduplicated); null when the value is not one of the key's type and bounds.
 */
export function checkSettingInput(key: AccountSettingKey, value: unknown): unknown {
  const def: SettingDefinition = ACCOUNT_SETTINGS[key];
  if (def.type === 'object') return null;
  if (def.type === 'boolean' && typeof value !== 'boolean') return null;
  if (def.type === 'integer' && typeof value !== 'number') return null;
  if (def.type === 'list' && !Array.isArray(value)) return null;
  return parseValue(def, value);
}

/** `GET /accounts/:id/config`: every setting's value, which the account changed, and whether the caller may. */
export const SettingsAnswer = z.object({
  data: z.record(z.string(), z.unknown()),
  customized: z.array(z.string()),
  canManage: z.boolean(),
});
export type SettingsAnswer = z.infer<typeof SettingsAnswer>;
/** One setting (`GET`, `PUT`, `DELETE /accounts/:id/config/:key`). */
export const SettingAnswer = z.object({ key: z.string(), value: z.unknown(), customized: z.boolean() });
