/**
 * Attachments (spec 2 §7): `GET /studies/listAttachmentsExtensions`, `GET, POST and DELETE
 * /studies/attachments` (spec 1 §7), `GET /studies/attachments/download` answering a
 * short-lived `downloadUrl`.
 */
import Router from '@koa/router';
import { AttachmentRef, UploadAttachmentBody } from '../../domain/attachments/attachments';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { body, query } from '../http/validate';
import { reachableExam } from '../labels/labels';
import {
  attachmentDownload,
  attachmentTypes,
  deleteAttachment,
  listAttachments,
  mayAttach,
  uploadAttachment,
} from './attachments';
import { StudyRef } from '../../domain/studies/schemas';

export function attachmentRoutes(deps: ApiDeps): Router {
  const { knex, storage } = deps;
  const router = new Router();
  router.use('/studies/listAttachmentsExtensions', requireSession(knex));
  router.use('/studies/attachments', requireSession(knex));

  router.get('/studies/listAttachmentsExtensions', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    ctx.body = { attachmentsExtensions: await attachmentTypes(knex, access.accountId) };
  });

  router.get('/studies/attachments', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const exam = await reachableExam(knex, access, query(ctx, StudyRef).studyId);
    ctx.body = {
      attachments: await listAttachments(knex, access, exam),
      can: {
        create: mayAttach(access, exam, 'CREATE'),
        download: mayAttach(access, exam, 'DOWNLOAD'),
        delete: mayAttach(access, exam, 'DELETE'),
      },
    };
  });

  router.post('/studies/attachments', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const input = body(ctx, UploadAttachmentBody);
    const exam = await reachableExam(knex, access, input.studyId);
    await uploadAttachment(
      knex,
      storage,
      access,
      exam,
      { typeId: input.attachmentExtensionsId, name: input.attachment.name, data: input.attachment.data },
      ctx.ip,
    );
    ctx.status = 201;
    ctx.body = { attachments: await listAttachments(knex, access, exam) };
  });

  router.get('/studies/attachments/download', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const ref = query(ctx, AttachmentRef);
    const exam = await reachableExam(knex, access, ref.studyId);
    ctx.body = await attachmentDownload(knex, access, exam, ref.attachmentId, ctx.ip);
  });

  router.delete('/studies/attachments', async (ctx) => {
    const access = await currentAccess(ctx, knex);
    const ref = query(ctx, AttachmentRef);
    const exam = await reachableExam(knex, access, ref.studyId);
    await deleteAttachment(knex, storage, access, exam, ref.attachmentId, ctx.ip);
    ctx.status = 204;
  });
  return router;
}
