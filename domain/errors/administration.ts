/**
 * Roles, shift schedules, medical groups, specialties and access grants (spec 3 §5, §6, §8:
 * 'cannot manage …', shift period rules).
 */
import type { ErrorEntry } from './entry';

export const administrationErrors = {
  CANNOT_MANAGE_ROLES: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar as permissões de usuário.',
      en: 'You cannot manage user permissions.',
      es: 'No puede gestionar los permisos de usuario.',
    },
  },
  CANNOT_MANAGE_USERS: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar os usuários da conta.',
      en: "You cannot manage the account's users.",
      es: 'No puede gestionar los usuarios de la cuenta.',
    },
  },
  CANNOT_READ_AUDIT: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode consultar o registro de auditoria.',
      en: 'You cannot read the audit log.',
      es: 'No puede consultar el registro de auditoría.',
    },
  },
  CANNOT_MANAGE_SCHEDULES: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar escalas.',
      en: 'You cannot manage schedules.',
      es: 'No puede gestionar turnos.',
    },
  },
  CANNOT_MANAGE_MEDICAL_GROUPS: {
    status: 403,
    message: {
      'pt-BR': 'Você não pode gerenciar grupos médicos e especialidades.',
      en: 'You cannot manage medical groups and specialties.',
      es: 'No puede gestionar grupos médicos y especialidades.',
    },
  },
  CANNOT_MANAGE_ACCESS_GRANTS: {
    status: 403,
    message: {
      'pt-BR': 'Você não tem permissão para criar acessos.',
      en: 'You are not allowed to create access grants.',
      es: 'No tiene permiso para crear accesos.',
    },
  },
  NAME_ALREADY_IN_USE: {
    status: 409,
    message: { 'pt-BR': 'Este nome já está em uso.', en: 'This name is already in use.', es: 'Este nombre ya está en uso.' },
  },
  SHIFT_PERIODS_REQUIRED: {
    status: 400,
    message: {
      'pt-BR': 'Informe pelo menos um período.',
      en: 'Add at least one period.',
      es: 'Informe al menos un período.',
    },
  },
  SHIFT_PERIOD_END_BEFORE_START: {
    status: 400,
    message: {
      'pt-BR': 'O fim do período deve ser depois do início.',
      en: 'The period must end after it starts.',
      es: 'El fin del período debe ser posterior al inicio.',
    },
  },
  SHIFT_TIME_INVALID: {
    status: 400,
    message: { 'pt-BR': 'Horário inválido (HH:mm).', en: 'Invalid time (HH:mm).', es: 'Horario inválido (HH:mm).' },
  },
  TIME_ZONE_INVALID: {
    status: 400,
    message: { 'pt-BR': 'Fuso horário inválido.', en: 'Invalid time zone.', es: 'Zona horaria inválida.' },
  },
  SCHEDULE_IN_USE: {
    status: 409,
    message: {
      'pt-BR': 'Esta escala está em uso por um perfil.',
      en: 'This schedule is used by a role.',
      es: 'Este turno está en uso por un perfil.',
    },
  },
  ACCESS_GRANT_EXISTS: {
    status: 409,
    message: {
      'pt-BR': 'Código de acesso já criado.',
      en: 'Access code already created.',
      es: 'Código de acceso ya creado.',
    },
  },
} satisfies Record<string, ErrorEntry>;
