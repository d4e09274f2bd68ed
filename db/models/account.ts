import { BaseModel } from './base';

export class Account extends BaseModel {
  static override tableName = 'accounts';
  id!: string;
  name!: string;
  legalName!: string | null;
  isForHuman!: boolean | null;
  customViewerUrl!: string | null;
  keepViewerConfigInBetween!: boolean;
  config!: Record<string, string>;
}

export class Institution extends BaseModel {
  static override tableName = 'institutions';
  id!: string;
  accountId!: string;
  name!: string;
  aeTitle!: string | null;
}
