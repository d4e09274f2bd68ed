import { BaseModel } from './base';

export class Patient extends BaseModel {
  static override tableName = 'patients';
  id!: string;
  accountId!: string;
  patientId!: string;
  name!: string;
  sex!: string | null;
  birthDate!: string | null;
  species!: string | null;
  breed!: string | null;
}

export class Study extends BaseModel {
  static override tableName = 'studies';
  id!: string;
  accountId!: string;
  institutionId!: string;
  patientRef!: string;
  studyInstanceUid!: string;
  accessionNumber!: string | null;
  modalities!: string[];
  examType!: string | null;
  examDate!: Date | null;
  receivedAt!: Date;
  laudoId!: string;
  laudoState!: number;
  laudoUserId!: string | null;
  storageClass!: string;
}

export class Laudo extends BaseModel {
  static override tableName = 'laudos';
  id!: string;
  accountId!: string;
  institutionId!: string;
  state!: number;
  version!: number;
  userId!: string | null;
  doctorName!: string | null;
  reviewUserId!: string | null;
  opinionUserId!: string | null;
  responsibleUserId!: string | null;
  transcriptionistUserId!: string | null;
  structuredType!: '' | 'OIT' | 'SISMAMA';
  isDigitallySigned!: boolean;
  seq!: number;
  updatedAt!: Date;
}

export class LaudoVersion extends BaseModel {
  static override tableName = 'laudo_versions';
  id!: string;
  accountId!: string;
  laudoId!: string;
  version!: number;
  state!: number;
  contentId!: string | null;
  userId!: string | null;
  justification!: unknown;
  cancelled!: boolean;
}

export class AuditEntry extends BaseModel {
  static override tableName = 'audit_log';
  id!: string;
  accountId!: string | null;
  userId!: string | null;
  action!: string;
  studyId!: string | null;
  laudoId!: string | null;
  detail!: Record<string, unknown>;
  ip!: string | null;
  at!: Date;
  /** The hash chain (set by the insert trigger, migrations/20261125009000_audit_chain.ts). */
  prevHash!: string;
  hash!: string;
}
