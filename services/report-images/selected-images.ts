/**
 * The images a report version prints (spec 2 §2, §3): the selection saved for it, read by
 * the report page, the PDF renderer and the download.
 */
import type { Knex } from 'knex';
import type { LaudoImage } from '../../domain/report-images/report-images';

export interface SelectedImages {
  /** The version whose saved selection this is (null: none saved up to the version asked). */
  savedVersion: number | null;
  laudoImages: (LaudoImage & { frame: number })[];
  externalImages: string[];
}

/**
 * The selection a version prints: its own, else the latest saved for an earlier version (a
 * reopened report starts from the previous selection).
 */
export async function selectedImages(knex: Knex, accountId: string, laudoId: string, version: number): Promise<SelectedImages> {
  const saved = await knex('laudo_image_selections')
    .where({ account_id: accountId, laudo_id: laudoId })
    .where('version', '<=', version)
    .orderBy('version', 'desc')
    .first('version');
  if (!saved) return { savedVersion: null, laudoImages: [], externalImages: [] };
  const items: {
    kind: string;
    position: number;
    sop_instance_uid: string | null;
    frame: number | null;
    external_filename: string | null;
  }[] = await knex('laudo_image_items')
    .where({ account_id: accountId, laudo_id: laudoId, version: saved.version })
    .orderBy([{ column: 'kind', order: 'desc' }, { column: 'position' }])
    .select('kind', 'position', 'sop_instance_uid', 'frame', 'external_filename');
  return {
    savedVersion: saved.version,
    laudoImages: items
      .filter((i) => i.kind === 'INSTANCE')
      .map((i) => ({ imageKey: i.sop_instance_uid!, order: i.position, frame: i.frame ?? 1 })),
    externalImages: items.filter((i) => i.kind === 'EXTERNAL').map((i) => i.external_filename!),
  };
}
