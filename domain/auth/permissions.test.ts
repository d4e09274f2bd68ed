import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ROLES, DEFAULT_ROLE_NAMES } from './default-roles';
import { AREA_LABELS, PERMISSION_LABELS } from './permission-labels';
import {
  ADMIN_PERMISSIONS,
  type Permission,
  PERMISSIONS,
  PERMISSION_AREAS,
  SPEC_PERMISSIONS,
  mayReadReports,
} from './permissions';

describe('permission catalogue', () => {
  it('holds every name of spec 3 §6, as the spec spells it', () => {
    const spec = readFileSync(path.resolve(__dirname, '../../../shared/spec/3-platform.md'), 'utf8');
    const listed = /Names seen: ([^\n]+)\./.exec(spec)?.[1]?.split(', ') ?? [];
    expect(listed.length).toBeGreaterThan(20);
    expect([...SPEC_PERMISSIONS].sort()).toEqual([...listed].sort());
    for (const name of SPEC_PERMISSIONS) expect(PERMISSIONS).toContain(name);
  });
  it('puts each permission in exactly one area', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const p of ADMIN_PERMISSIONS) expect(PERMISSIONS).toContain(p);
  });
  it('labels every area and permission in the three languages', () => {
    for (const area of Object.keys(PERMISSION_AREAS)) {
      for (const lang of ['pt-BR', 'en', 'es'] as const) expect(AREA_LABELS[area as keyof typeof AREA_LABELS][lang]).toBeTruthy();
    }
    for (const p of PERMISSIONS)
      for (const lang of ['pt-BR', 'en', 'es'] as const) expect(PERMISSION_LABELS[p][lang]).toBeTruthy();
  });
});

describe('default roles', () => {
  it('are the eight of spec 3 §6, with permissions from the catalogue', () => {
    expect(Object.keys(DEFAULT_ROLES)).toEqual([...DEFAULT_ROLE_NAMES]);
    for (const perms of Object.values(DEFAULT_ROLES)) for (const p of perms) expect(PERMISSIONS).toContain(p);
  });
  it('give the administrator everything, the physician reports, the typist transcription, the reader reading only', () => {
    expect([...DEFAULT_ROLES.Administrator].sort()).toEqual([...PERMISSIONS].sort());
    expect(DEFAULT_ROLES.Physician).toContain('STUDIES_SAVE_REPORTS');
    expect(DEFAULT_ROLES.Typist).toContain('STUDIES_TRANSCRIBE_REPORTS');
    expect(DEFAULT_ROLES.Typist).not.toContain('STUDIES_SAVE_REPORTS');
    expect(DEFAULT_ROLES.Reader).toEqual(['STUDIES_RETRIEVE_REPORTS', 'STUDIES_DOWNLOAD_ATTACHMENT']);
    for (const role of ['Reception', 'Technician', 'Typist', 'Reader'] as const) {
      for (const admin of ADMIN_PERMISSIONS) expect(DEFAULT_ROLES[role]).not.toContain(admin);
    }
  });
});

describe('who reads a report (spec 2 §6 "view reports", decision 015)', () => {
  const actor = (permissions: Permission[], isAccountAdmin = false) => ({
    userId: 'u',
    name: 'U',
    permissions,
    isAccountAdmin,
    superRole: false,
  });
  it('STUDIES_RETRIEVE_REPORTS or a permission to work on reports; administrators', () => {
    for (const p of ['STUDIES_RETRIEVE_REPORTS', 'STUDIES_SAVE_REPORTS', 'STUDIES_TRANSCRIBE_REPORTS', 'REPORTS_REVIEW'] as const)
      expect(mayReadReports(actor([p]))).toBe(true);
    expect(mayReadReports(actor([], true))).toBe(true);
    expect(mayReadReports({ ...actor([]), superRole: true })).toBe(true);
  });
  it('not the front desk without the read permission, nor a role without permissions', () => {
    expect(mayReadReports(actor(['STUDIES_CREATE_COMMENTS', 'STUDIES_CREATE_HEADER', 'STUDIES_DOWNLOAD_ATTACHMENT']))).toBe(
      false,
    );
    expect(mayReadReports(actor([]))).toBe(false);
  });
  it('every default role that works on reports or reads them reads them', () => {
    for (const name of DEFAULT_ROLE_NAMES) expect(mayReadReports(actor([...DEFAULT_ROLES[name]]))).toBe(true);
  });
});
