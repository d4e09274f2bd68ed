/**
 * The knex migrations, from TypeScript (tsx, jest) or from the compiled JavaScript (dist/).
 * Each is named by its `.ts` file whichever is loaded: knex_migrations rows written by either
 * run match, so a database migrated from source is up to date for the compiled image (ADR 033).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';

const ownExtension = path.extname(__filename); // '.ts' from source, '.js' from dist/

export interface MigrationFile {
  /** The name knex records: always the `.ts` file's. */
  name: string;
  file: string;
}

/** Migration files in `dir` with this module's own extension (no .d.ts, .map or tests), in name order. */
export function listMigrations(dir: string, extension: string = ownExtension): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(extension) && !e.name.endsWith('.d.ts') && !e.name.includes('.test.'))
    .map((e) => ({ name: `${e.name.slice(0, -extension.length)}.ts`, file: path.join(dir, e.name) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export function migrationSource(dir: string): Knex.MigrationSource<MigrationFile> {
  return {
    getMigrations: () => Promise.resolve(listMigrations(dir)),
    getMigrationName: (m) => m.name,
    // Both loaders are CommonJS (tsx or jest from source, node from dist/): require takes either file.
    getMigration: (m) => Promise.resolve(require(m.file) as Knex.Migration),
  };
}
