/**
 * The role editor's labels for each area and permission, in the three languages. Kept next
 * to the catalogue (not in the web's JSON) so a permission cannot exist without its labels:
 * the type below requires one entry per name.
 */
import type { Lang } from '../errors/entry';
import type { Permission, PermissionArea } from './permissions';

type Label = Record<Lang, string>;
const l = (pt: string, en: string, es: string): Label => ({ 'pt-BR': pt, en, es });

export const AREA_LABELS: Record<PermissionArea, Label> = {
  studies: l('Estudos', 'Studies', 'Estudios'),
  reports: l('Laudos', 'Reports', 'Informes'),
  worklist: l('Worklist', 'Worklist', 'Lista de trabajo'),
  templates: l('Máscaras', 'Templates', 'Plantillas'),
  phrases: l('Frases padrão', 'Standard phrases', 'Frases estándar'),
  institutions: l('Instituições', 'Institutions', 'Instituciones'),
  users: l('Usuários', 'Users', 'Usuarios'),
  roles: l('Perfis e permissões', 'Roles and permissions', 'Perfiles y permisos'),
  schedules: l('Escalas de plantão', 'Shift schedules', 'Turnos'),
  medicalGroups: l('Grupos médicos e especialidades', 'Medical groups and specialties', 'Grupos médicos y especialidades'),
  orchestrator: l('Orquestrador', 'Orchestrator', 'Orquestador'),
  modalities: l('Modalidades', 'Modalities', 'Modalidades'),
  exams: l('Exames', 'Exams', 'Exámenes'),
  routines: l('Rotinas', 'Routines', 'Rutinas'),
  accessGrants: l(
    'Acessos de prestadores e solicitantes',
    'Provider and referrer access',
    'Accesos de prestadores y solicitantes',
  ),
  settings: l('Configurações da conta', 'Account settings', 'Configuración de la cuenta'),
  audit: l('Auditoria', 'Audit', 'Auditoría'),
  management: l('Relatórios de produtividade e gestão', 'Productivity and management reports', 'Informes de productividad y gestión'),
};

export const PERMISSION_LABELS: Record<Permission, Label> = {
  STUDIES_CREATE_HEADER: l('Criar cabeçalho do estudo', 'Create study header', 'Crear encabezado del estudio'),
  STUDIES_EDIT_HEADER: l('Editar cabeçalho do estudo', 'Edit study header', 'Editar encabezado del estudio'),
  STUDIES_UPDATE_HEADER: l('Atualizar dados do estudo', 'Update study data', 'Actualizar datos del estudio'),
  STUDIES_EDIT_CRITICAL_FINDING_SUSPECT: l(
    'Marcar suspeita de achado crítico',
    'Flag a suspected critical finding',
    'Marcar sospecha de hallazgo crítico',
  ),
  STUDIES_CREATE_COMMENTS: l('Comentar estudos', 'Comment on studies', 'Comentar estudios'),
  STUDIES_CREATE_ATTACHMENTS: l('Anexar arquivos a estudos', 'Attach files to studies', 'Adjuntar archivos a estudios'),
  STUDIES_DOWNLOAD_ATTACHMENT: l('Baixar anexos de estudos', 'Download study attachments', 'Descargar adjuntos de estudios'),
  STUDIES_DELETE_ATTACHMENT: l('Excluir anexos de estudos', 'Delete study attachments', 'Eliminar adjuntos de estudios'),
  STUDIES_UPLOAD_DICOM: l('Enviar imagens (DICOM)', 'Upload images (DICOM)', 'Subir imágenes (DICOM)'),
  STUDIES_CHANGE_ROUTINE: l('Alterar a rotina do estudo', "Change the study's routine", 'Cambiar la rutina del estudio'),
  STUDIES_INVALIDATE: l('Invalidar e recuperar estudos', 'Invalidate and recover studies', 'Invalidar y recuperar estudios'),
  STUDIES_DIVERGENT_ACTIONS: l(
    'Unir e separar estudos divergentes',
    'Merge and split divergent studies',
    'Unir y separar estudios divergentes',
  ),
  STUDIES_DUPLICATE: l('Duplicar estudos', 'Duplicate studies', 'Duplicar estudios'),
  STUDIES_RETRIEVE_ARCHIVED: l('Recuperar estudos arquivados', 'Retrieve archived studies', 'Recuperar estudios archivados'),
  STUDIES_CHANGE_EXAM_STATUS: l('Alterar o status do exame', "Change the exam's status", 'Cambiar el estado del examen'),
  STUDIES_SAVE_REPORTS: l('Laudar', 'Write reports', 'Informar'),
  STUDIES_SAVE_REPORTS_OIT: l('Laudar OIT', 'Write OIT reports', 'Informar OIT'),
  STUDIES_RETRIEVE_REPORTS: l('Ver laudos', 'Read reports', 'Ver informes'),
  STUDIES_SAVE_NARRATED_REPORTS: l('Laudar por narração', 'Dictate reports', 'Informar por dictado'),
  STUDIES_TRANSCRIBE_REPORTS: l('Transcrever laudos', 'Transcribe reports', 'Transcribir informes'),
  REPORTS_REVIEW: l('Revisar laudos', 'Review reports', 'Revisar informes'),
  STUDIES_REOPEN_REPORTS: l('Reabrir laudos', 'Reopen reports', 'Reabrir informes'),
  STUDIES_CREATE_LAUDO_OPINION: l('Pedir segunda opinião', 'Request a second opinion', 'Pedir segunda opinión'),
  STUDIES_INSERT_LAUDO_OPINION: l('Dar segunda opinião', 'Give a second opinion', 'Dar segunda opinión'),
  STUDIES_CREATE_ASSOCIATE_REPORTS: l('Associar laudos', 'Associate reports', 'Asociar informes'),
  REPORT_RETURN_NOT_STARTED: l(
    'Devolver laudo a não iniciado',
    'Return a report to not started',
    'Devolver informe a no iniciado',
  ),
  WORKLIST_INSERT_LAUDO_OPINION: l(
    'Dar segunda opinião (worklist)',
    'Give a second opinion (worklist)',
    'Dar segunda opinión (lista)',
  ),
  WORKLIST_CREATE_COMMENTS: l('Comentar exames (worklist)', 'Comment on exams (worklist)', 'Comentar exámenes (lista)'),
  WORKLIST_CREATE_ATTACHMENTS: l('Anexar arquivos (worklist)', 'Attach files (worklist)', 'Adjuntar archivos (lista)'),
  WORKLIST_DOWNLOAD_ATTACHMENT: l('Baixar anexos (worklist)', 'Download attachments (worklist)', 'Descargar adjuntos (lista)'),
  WORKLIST_DELETE_ATTACHMENT: l('Excluir anexos (worklist)', 'Delete attachments (worklist)', 'Eliminar adjuntos (lista)'),
  ACCOUNTS_GET_MODALITY_TEMPLATES: l('Máscaras por modalidade', 'Templates by modality', 'Plantillas por modalidad'),
  ACCOUNTS_GET_MODALITY_TEMPLATES_BY_STUDY_ID: l('Máscaras do estudo', "The study's templates", 'Plantillas del estudio'),
  ACCOUNTS_GET_EXAM_TEMPLATES: l('Máscaras por exame', 'Templates by exam', 'Plantillas por examen'),
  INSTITUIONS_GET_MODALITY_TEMPLATES: l('Máscaras por instituição', 'Templates by institution', 'Plantillas por institución'),
  PHRASES_CREATE_PHRASES_BY_ACCOUNT: l(
    'Criar frases padrão da conta',
    "Create the account's standard phrases",
    'Crear frases estándar de la cuenta',
  ),
  INSTITUTIONS_MANAGE: l('Gerenciar instituições', 'Manage institutions', 'Gestionar instituciones'),
  USERS_MANAGE: l('Gerenciar usuários', 'Manage users', 'Gestionar usuarios'),
  ROLES_MANAGE: l('Gerenciar perfis', 'Manage roles', 'Gestionar perfiles'),
  SCHEDULES_MANAGE: l('Gerenciar escalas', 'Manage shift schedules', 'Gestionar turnos'),
  MEDICAL_GROUPS_MANAGE: l(
    'Gerenciar grupos médicos e especialidades',
    'Manage medical groups and specialties',
    'Gestionar grupos médicos y especialidades',
  ),
  ORCHESTRATOR_MANAGE: l('Gerenciar o orquestrador', 'Manage the orchestrator', 'Gestionar el orquestador'),
  MODALITIES_MANAGE: l('Gerenciar modalidades', 'Manage modalities', 'Gestionar modalidades'),
  EXAMS_MANAGE: l('Gerenciar exames e importação', 'Manage exams and imports', 'Gestionar exámenes e importación'),
  ROUTINES_MANAGE: l('Gerenciar rotinas', 'Manage routines', 'Gestionar rutinas'),
  ACCESS_GRANTS_MANAGE: l('Gerenciar acessos de prestadores', 'Manage provider access', 'Gestionar accesos de prestadores'),
  ACCOUNT_SETTINGS_MANAGE: l(
    'Gerenciar configurações da conta',
    'Manage account settings',
    'Gestionar configuración de la cuenta',
  ),
  AUDIT_READ: l('Consultar auditoria', 'Read the audit log', 'Consultar auditoría'),
  MANAGEMENT_REPORTS_READ: l('Consultar relatórios de produtividade e gestão', 'Read productivity and management reports', 'Consultar informes de productividad y gestión'),
};
