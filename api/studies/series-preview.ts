/**
 * A study's series as the viewer shows them (spec 2 §3, spec 3 §3 "Series preview"), with
 * thumbnail and image URLs under /dicomweb.
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import type { SeriesPreview } from '../../domain/studies/viewer';
import type { Access } from '../access/access';
import { studiesQuery } from './study-queries';

export async function seriesPreview(knex: Knex, access: Access, studyId: string): Promise<SeriesPreview> {
  const study = (await studiesQuery(knex, access).where('s.id', studyId).first('s.id', 's.study_instance_uid')) as
    { id: string; study_instance_uid: string } | undefined;
  if (!study) throw new AppError('NOT_FOUND');
  const series = await knex('dicom_series')
    .where({ study_id: study.id })
    .orderBy([{ column: 'series_number', nulls: 'last' }, { column: 'series_instance_uid' }])
    .select('id', 'series_instance_uid', 'series_number', 'modality', 'description', 'instance_count');
  const instances: {
    series_id: string;
    sop_instance_uid: string;
    number_of_frames: number;
    instance_number: number | null;
    rows: number | null;
    columns: number | null;
  }[] = await knex('dicom_instances')
    .where({ study_id: study.id })
    .orderByRaw('instance_number NULLS LAST, created_at')
    .select('series_id', 'sop_instance_uid', 'number_of_frames', 'instance_number', 'rows', 'columns');
  const base = `/dicomweb/studies/${study.study_instance_uid}`;
  return series.map((s) => {
    const own = instances.filter((i) => i.series_id === s.id);
    const seriesUrl = `${base}/series/${s.series_instance_uid}`;
    return {
      seriesId: s.series_instance_uid,
      seriesNumber: s.series_number ?? null,
      studyId: study.id,
      description: s.description ?? '',
      modality: s.modality ?? '',
      instanceCount: s.instance_count,
      instanceId: own[Math.floor(own.length / 2)]?.sop_instance_uid ?? null,
      url: `${seriesUrl}/thumbnail`,
      instances: own.map((i) => ({
        imageKey: i.sop_instance_uid,
        frames: i.number_of_frames,
        instanceNumber: i.instance_number ?? null,
        // Native size: the viewer's 1:1 zoom before the full-size picture has arrived.
        rows: i.rows ?? null,
        columns: i.columns ?? null,
        url: `${seriesUrl}/instances/${i.sop_instance_uid}/rendered`,
      })),
    };
  });
}
