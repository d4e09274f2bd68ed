/**
 * Connect management (issue 16; spec 3 §3 'Connect: name, active flag, AeTitle, ports for
 * DICOM Store, Worklist and Query Retrieve, folders, intervals (seconds), retention days';
 * 'Connection: name, default flag, DICOM tag mapping'). Bodies and the views the API answers.
 */
import { z } from 'zod';
import { isValidAeTitle, normalizeAeTitle } from '../institutions/ae-title';

const port = z.number().int().min(1).max(65535).nullable();
const folder = z.string().trim().max(500).nullable();

export const ConnectBody = z
  .object({
    name: z.string({ error: 'CONNECT_NAME_REQUIRED' }).trim().min(1, { error: 'CONNECT_NAME_REQUIRED' }).max(200),
    institutionId: z.string().uuid(),
    active: z.boolean().default(true),
    /** Empty: the institution's AE Title. */
    aeTitle: z
      .string()
      .trim()
      .max(16, { error: 'CONNECT_AE_TITLE_INVALID' })
      .refine((s) => s === '' || isValidAeTitle(s), { error: 'CONNECT_AE_TITLE_INVALID' })
      .transform((s) => (s ? normalizeAeTitle(s) : null))
      .nullable()
      .default(null),
    storePort: port.default(null),
    worklistPort: port.default(null),
    queryRetrievePort: port.default(null),
    importFolder: folder.default(null),
    downloadFolder: folder.default(null),
    uploadIntervalSeconds: z
      .number({ error: 'CONNECT_INTERVAL_INVALID' })
      .int()
      .min(1, { error: 'CONNECT_INTERVAL_INVALID' })
      .max(86_400, { error: 'CONNECT_INTERVAL_INVALID' })
      .default(10),
    pollIntervalSeconds: z
      .number({ error: 'CONNECT_INTERVAL_INVALID' })
      .int()
      .min(1, { error: 'CONNECT_INTERVAL_INVALID' })
      .max(86_400, { error: 'CONNECT_INTERVAL_INVALID' })
      .default(30),
    retentionDays: z
      .number({ error: 'CONNECT_RETENTION_INVALID' })
      .int()
      .min(0, { error: 'CONNECT_RETENTION_INVALID' })
      .max(3650, { error: 'CONNECT_RETENTION_INVALID' })
      .default(7),
  })
  .strict();
export type ConnectBody = z.input<typeof ConnectBody>;

/** The study fields a connection may fill from a DICOM tag. */
export const MAPPED_FIELDS = [
  'patientId',
  'patientName',
  'patientBirthDate',
  'accessionNumber',
  'studyDescription',
  'referringPhysician',
  'institutionName',
] as const;

export const TagMapping = z.object({
  /** 'GGGG,EEEE' in hexadecimal. */
  tag: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-F]{4},[0-9A-F]{4}$/, { error: 'CONNECTION_TAG_INVALID' }),
  field: z.enum(MAPPED_FIELDS, { error: 'CONNECTION_TAG_INVALID' }),
});
export type TagMapping = z.output<typeof TagMapping>;
export type MappedField = (typeof MAPPED_FIELDS)[number];

export const ConnectionBody = z
  .object({
    name: z.string({ error: 'CONNECT_NAME_REQUIRED' }).trim().min(1, { error: 'CONNECT_NAME_REQUIRED' }).max(100),
    isDefault: z.boolean().default(false),
    tagMapping: z.array(TagMapping).max(50).default([]),
  })
  .strict();
export type ConnectionBody = z.input<typeof ConnectionBody>;

export const ConnectKeyView = z.object({
  id: z.string(),
  hint: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ConnectKeyView = z.infer<typeof ConnectKeyView>;

export const ConnectionView = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  tagMapping: z.array(z.object({ tag: z.string(), field: z.enum(MAPPED_FIELDS) })),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

export const ConnectView = z.object({
  id: z.string(),
  name: z.string(),
  institutionId: z.string(),
  institutionName: z.string().nullable(),
  /** The Connect's own AE Title, or null for the institution's. */
  aeTitle: z.string().nullable(),
  active: z.boolean(),
  storePort: z.number().nullable(),
  worklistPort: z.number().nullable(),
  queryRetrievePort: z.number().nullable(),
  importFolder: z.string().nullable(),
  downloadFolder: z.string().nullable(),
  uploadIntervalSeconds: z.number(),
  pollIntervalSeconds: z.number(),
  retentionDays: z.number(),
  lastSeenAt: z.string().nullable(),
  lastStudyAt: z.string().nullable(),
  keys: z.array(ConnectKeyView),
  connections: z.array(ConnectionView),
  createdAt: z.string(),
});
export type ConnectView = z.infer<typeof ConnectView>;

/** What `GET /connect-agent/config` gives the agent: its settings (no keys) and the AE Title in effect. */
export const AgentConfig = ConnectView.omit({ keys: true }).extend({
  /** The Connect's own AE Title, else its institution's. */
  effectiveAeTitle: z.string().nullable(),
});
export type AgentConfig = z.infer<typeof AgentConfig>;
