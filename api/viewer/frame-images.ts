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

export interface InstanceGrant {
  object_key: string;
  number_of_frames: number;
  storage_class: string;
}

/**
 * What a session was found to reach, kept a few seconds: cine asks for 25–50 frames a second
 * of one instance, and the access scope (4–5 queries) would cost more than the frame. The
 * session itself is still checked on every request (a logout or expiry stops at once); a
 * change of the user's institutions applies within GRANT_MS.
 */
const GRANT_MS = 10_000;
const MAX_GRANTS = 5_000;
export class InstanceGrants {
  private readonly grants = new Map<string, { row: InstanceGrant; until: number }>();

  async find(
    sessionId: string,
    studyId: string,
    sop: string,
    load: () => Promise<InstanceGrant | undefined>,
  ): Promise<InstanceGrant | undefined> {
    const key = `${sessionId}:${studyId}:${sop}`;
    const hit = this.grants.get(key);
    if (hit && hit.until > Date.now()) return hit.row;
    const row = await load();
    this.grants.delete(key);
    if (!row) return undefined;
    this.grants.set(key, { row, until: Date.now() + GRANT_MS });
    while (this.grants.size > MAX_GRANTS) this.grants.delete(this.grants.keys().next().value!);
    return row;
  }
}

/** The stored instance of a study the access reaches, or undefined. */
export async function reachableInstance(
  knex: Knex,
  access: Access,
  studyId: string,
  sopInstanceUid: string,
): Promise<InstanceGrant | undefined> {
  return (
    (await studiesQuery(knex, access)
      // `i` is the institutions' alias in studiesQuery.
      .join('dicom_instances as di', 'di.study_id', 's.id')
      .where('s.id', studyId)
      .where('di.sop_instance_uid', sopInstanceUid)
      .first('di.object_key', 'di.number_of_frames', 's.storage_class')) as InstanceGrant | undefined
  );
}

export async function frameImage(
  frames: FrameSource,
  row: InstanceGrant | undefined,
  frame: number,
  q: FrameImageQuery,
): Promise<Rendered> {
  if (!row || frame > row.number_of_frames) throw new AppError('NOT_FOUND');
  if (!isStorageAvailable(row.storage_class)) throw new AppError('STUDY_ARCHIVED');
  const [center, width] = q.window ? q.window.split(',').map(Number) : [];
  try {
    return await frames.render(row.object_key, frame, {
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
