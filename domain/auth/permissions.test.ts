import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ROLES, DEFAULT_ROLE_NAMES } from './default-roles';
import { AREA_LABELS, PERMISSION_LABELS } from './permission-labels';
import { ADMIN_PERMISSIONS, PERMISSIONS, PERMISSION_AREAS, SPEC_PERMISSIONS } from './permissions';

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
