import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from './connection';
import { listMigrations } from './migration-source';

describe('migration source', () => {
  it('names compiled migrations by their .ts files, skipping maps, declarations and folders', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    for (const f of ['2_b.js', '1_a.js', '1_a.js.map', '1_a.d.ts', 'notes.md']) fs.writeFileSync(path.join(dir, f), '');
    fs.mkdirSync(path.join(dir, 'seed'));
    expect(listMigrations(dir, '.js')).toEqual([
      { name: '1_a.ts', file: path.join(dir, '1_a.js') },
      { name: '2_b.ts', file: path.join(dir, '2_b.js') },
    ]);
  });

  it('lists every source migration under its own file name', () => {
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
    expect(listMigrations(MIGRATIONS_DIR, '.ts').map((m) => m.name)).toEqual(files.sort());
  });
});
