/**
 * The ingest workflow's I/O: series thumbnails (the middle image of each series that grew
 * since its last thumbnail) and the study's live document, so the list shows it.
 */
import type { Knex } from 'knex';
import { THUMBNAIL_SIZE } from '../domain/imaging/thumbnail';
import { FrameError } from '../imaging/frames';
import { frameSourceFor } from '../imaging/frame-source';
import { RenderError } from '../imaging/render';
import type { LivePublisher } from '../live/publisher';
import type { ObjectStorage } from '../storage/object-storage';
import type { StudyIngestActivities } from '../workflows/study-ingest/messages';
import { publishStudyDocuments } from '../live/study-documents';

export function createStudyIngestActivities(deps: {
  knex: Knex;
  publisher: LivePublisher;
  storage: ObjectStorage;
}): StudyIngestActivities {
  const { knex, publisher, storage } = deps;
  // The first frame read by byte range and, for native pixels, decoded from every k-th row and
  // column only: a whole 27 MB mammogram decoded on the event loop held every upload for >1 s.
  const frames = frameSourceFor(storage);
  return {
    async studyStable({ accountId, studyId }) {
      const series: { id: string; instance_count: number }[] = await knex('dicom_series')
        .where({ account_id: accountId, study_id: studyId })
        .whereRaw('thumbnail_count <> instance_count')
        .select('id', 'instance_count');
      let thumbnails = 0;
      for (const s of series) {
        const instances: { object_key: string }[] = await knex('dicom_instances')
          .where({ series_id: s.id })
          .orderByRaw('instance_number NULLS LAST, created_at')
          .select('object_key');
        const middle = instances[Math.floor(instances.length / 2)];
        if (!middle) continue;
        const key = `${middle.object_key.replace(/\/[^/]+$/, '')}/thumbnail.jpg`;
        try {
          const image = await frames.render(middle.object_key, 1, { maxSize: THUMBNAIL_SIZE });
          await storage.put(key, image.body, { contentType: image.contentType });
          await knex('dicom_series')
            .where({ id: s.id })
            .update({ thumbnail_key: key, thumbnail_count: s.instance_count, updated_at: knex.fn.now() });
          thumbnails++;
        } catch (err) {
          // A series without renderable pixels (SR, PR, KO…) has no thumbnail; not a failure.
          if (!(err instanceof RenderError || err instanceof FrameError)) throw err;
          await knex('dicom_series').where({ id: s.id }).update({ thumbnail_key: null, thumbnail_count: s.instance_count });
        }
      }
      await knex('studies').where({ id: studyId, account_id: accountId }).update({ stable_at: knex.fn.now() });
      await publishStudyDocuments(knex, publisher, [studyId]);
      return { thumbnails };
    },
  };
}
