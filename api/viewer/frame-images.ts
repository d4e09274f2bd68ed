/**
 * The viewer's frame images (issue 15): one frame of one instance of a study the caller
 * reaches, read by byte range through the frame index and rendered at native size or as a
 * preview. Pixels of an archived study are not served (STUDY_ARCHIVED).
 */
import type { Knex } from 'knex';
import { AppError } from '../../domain/errors';
import { isStorageAvailable } from '../../domain/imaging/storage-class';
import type { FrameImageQuery } from '../../domain/studies/viewer';
import type { FrameSource } from '../../imaging/frame-source';
import { FrameError } from '../../imaging/frames';
import { type Rendered, RenderError } from '../../imaging/render';
import type { Access } from '../access/access';
import { studiesQuery } from '../studies/study-queries';

export async function frameImage(
  knex: Knex,
  frames: FrameSource,
  access: Access,
  target: { studyId: string; sopInstanceUid: string; frame: number },
  q: FrameImageQuery,
): Promise<Rendered> {
  const row = (await studiesQuery(knex, access)
    // `i` is the institutions' alias in studiesQuery.
    .join('dicom_instances as di', 'di.study_id', 's.id')
    .where('s.id', target.studyId)
    .where('di.sop_instance_uid', target.sopInstanceUid)
    .first('di.object_key', 'di.number_of_frames', 's.storage_class')) as
    { object_key: string; number_of_frames: number; storage_class: string } | undefined;
  if (!row || target.frame > row.number_of_frames) throw new AppError('NOT_FOUND');
  if (!isStorageAvailable(row.storage_class)) throw new AppError('STUDY_ARCHIVED');
  const [center, width] = q.window ? q.window.split(',').map(Number) : [];
  try {
    return await frames.render(row.object_key, target.frame, {
      format: q.format,
      quality: q.quality,
      // Lossless at native size is sent often while reading: fast compression over small files.
      compression: 1,
      ...(q.size ? { maxSize: q.size } : {}),
      ...(width! > 0 ? { window: { center: center!, width: width! } } : {}),
    });
  } catch (err) {
    if (err instanceof RenderError || err instanceof FrameError) throw new AppError('NOT_FOUND');
    throw err;
  }
}
