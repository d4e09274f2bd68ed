/**
 * Connect management (issue 16; spec 3 §5 'Administrators create Connects, keys and
 * connections; this needs permission on an institution'). A Connect's settings; its keys —
 * a new or rotated key is answered once, only its hash is kept, a revoked key stops the agent
 * at once (STOW-RS and the agent's own calls look keys up in connect_keys); its connections
 * with their DICOM tag mapping (one default, which cannot be deleted); its status (last seen,
 * last study received). Account administrators, for institutions they reach; audited.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { inTransaction } from '../../db/transaction';
import type { Knex } from 'knex';
import { ConnectBody, ConnectionBody } from '../../domain/connect/connect-admin';
import { AppError } from '../../domain/errors';
import { isValidAeTitle } from '../../domain/institutions/ae-title';
import { type Access, isAdministrator } from '../access/access';
import { auditAdmin, codedBody, uniqueOr } from '../admin-roles/shared';
import { currentAccess, requireSession } from '../auth/session';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../http/validate';
import { addConnectKey, connectColumns, connectionView, createConnect, listConnects } from '../../services/connects/connects';

export function connectRoutes(deps: ApiDeps): Router {
  const { knex } = deps;
  const router = new Router();
  router.use('/connects', requireSession(knex));

  const managed = async (ctx: Context): Promise<Access> => {
    const access = await currentAccess(ctx, knex);
    if (!isAdministrator(access)) throw new AppError('CANNOT_MANAGE_CONNECTS');
    return access;
  };
  /** The Connect of the path, the account's and of an institution the caller reaches; else 404. */
  const own = async (ctx: Context, access: Access): Promise<string> => {
    const id = uuidParam(ctx, 'id');
    const row = await knex('connects').where({ id, account_id: access.accountId }).first('institution_id');
    if (!row || !access.institutions.has(row.institution_id)) throw new AppError('NOT_FOUND');
    return id;
  };
  /**
   * The institution must be reached by the caller (else 404), and the Connect needs an AE
   * Title: its own or, when left empty, the institution's.
   */
  const checkInstitution = async (access: Access, institutionId: string, aeTitle: string | null) => {
    if (!access.institutions.has(institutionId)) throw new AppError('NOT_FOUND');
    const inst = await knex('institutions').where({ id: institutionId, account_id: access.accountId }).first('ae_title');
    if (!inst) throw new AppError('NOT_FOUND');
    if (!aeTitle && !(inst.ae_title && isValidAeTitle(inst.ae_title))) throw new AppError('INSTITUTION_WITHOUT_AE_TITLE');
  };
  const one = async (access: Access, id: string) => (await listConnects(knex, access.accountId, id))[0];

  router.get('/connects', async (ctx) => {
    const access = await managed(ctx);
    const all = await listConnects(knex, access.accountId);
    ctx.body = { connects: all.filter((c) => access.institutions.has(c.institutionId)) };
  });

  router.post('/connects', async (ctx) => {
    const access = await managed(ctx);
    const b = codedBody(ctx, ConnectBody);
    await checkInstitution(access, b.institutionId, b.aeTitle);
    const { connect, key } = await createConnect(knex, access.accountId, b, access.userId);
    const id = connect.id;
    await auditAdmin(knex, ctx, access, 'connect.create', { connectId: id, name: b.name });
    ctx.status = 201;
    ctx.body = { connect: await one(access, id), key };
  });

  router.get('/connects/:id', async (ctx) => {
    const access = await managed(ctx);
    ctx.body = { connect: await one(access, await own(ctx, access)) };
  });

  router.put('/connects/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const b = codedBody(ctx, ConnectBody);
    await checkInstitution(access, b.institutionId, b.aeTitle);
    await knex('connects')
      .where({ id, account_id: access.accountId })
      .update({ ...connectColumns(b), updated_at: knex.fn.now() });
    await auditAdmin(knex, ctx, access, 'connect.update', { connectId: id, name: b.name, active: b.active });
    ctx.body = { connect: await one(access, id) };
  });

  router.delete('/connects/:id', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    await knex('connects').where({ id, account_id: access.accountId }).delete();
    await auditAdmin(knex, ctx, access, 'connect.delete', { connectId: id });
    ctx.status = 204;
  });

  // Keys: a new one, a rotation (new key, the old one revoked in the same step), a revocation.
  const keyOf = async (ctx: Context, access: Access, connectId: string) => {
    const keyId = uuidParam(ctx, 'keyId');
    const row = await knex('connect_keys')
      .where({ id: keyId, connect_id: connectId, account_id: access.accountId })
      .first('revoked_at');
    if (!row) throw new AppError('NOT_FOUND');
    return { keyId, revoked: row.revoked_at !== null };
  };
  const revoke = (trx: Knex, keyId: string) =>
    trx('connect_keys').where({ id: keyId }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });

  router.post('/connects/:id/keys', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const { key, view } = await addConnectKey(knex, access.accountId, id, access.userId);
    await auditAdmin(knex, ctx, access, 'connect.key.create', { connectId: id, keyId: view.id });
    ctx.status = 201;
    ctx.body = { key, keyInfo: view };
  });

  router.post('/connects/:id/keys/:keyId/rotate', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const { keyId, revoked } = await keyOf(ctx, access, id);
    if (revoked) throw new AppError('NOT_FOUND');
    const { key, view } = await inTransaction(knex, async (trx) => {
      await revoke(trx, keyId);
      return addConnectKey(trx, access.accountId, id, access.userId);
    });
    await auditAdmin(knex, ctx, access, 'connect.key.rotate', { connectId: id, revokedKeyId: keyId, keyId: view.id });
    ctx.status = 201;
    ctx.body = { key, keyInfo: view };
  });

  router.delete('/connects/:id/keys/:keyId', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const { keyId } = await keyOf(ctx, access, id);
    await revoke(knex, keyId);
    await auditAdmin(knex, ctx, access, 'connect.key.revoke', { connectId: id, keyId });
    ctx.status = 204;
  });

  // Connections: making one the default moves the flag; the default cannot be deleted.
  const connectionOf = async (ctx: Context, access: Access, connectId: string) => {
    const cid = uuidParam(ctx, 'connectionId');
    const row = await knex('connect_connections')
      .where({ id: cid, connect_id: connectId, account_id: access.accountId })
      .first('is_default');
    if (!row) throw new AppError('NOT_FOUND');
    return { cid, isDefault: row.is_default as boolean };
  };
  const writeConnection = (access: Access, connectId: string, cid: string | null, b: ReturnType<typeof ConnectionBody.parse>) =>
    uniqueOr('CONNECT_NAME_IN_USE', () =>
      inTransaction(knex, async (trx) => {
        if (b.isDefault) {
          await trx('connect_connections').where({ connect_id: connectId, is_default: true }).update({ is_default: false });
        }
        const columns = { name: b.name, tag_mapping: JSON.stringify(b.tagMapping), updated_at: trx.fn.now() };
        const [row] = cid
          ? await trx('connect_connections')
              .where({ id: cid })
              .update({ ...columns, ...(b.isDefault ? { is_default: true } : {}) })
              .returning('*')
          : await trx('connect_connections')
              .insert({ ...columns, account_id: access.accountId, connect_id: connectId, is_default: b.isDefault })
              .returning('*');
        return connectionView(row);
      }),
    );

  router.post('/connects/:id/connections', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const b = codedBody(ctx, ConnectionBody);
    const connection = await writeConnection(access, id, null, b);
    await auditAdmin(knex, ctx, access, 'connect.connection.create', { connectId: id, connectionId: connection.id });
    ctx.status = 201;
    ctx.body = { connection };
  });

  router.put('/connects/:id/connections/:connectionId', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const { cid } = await connectionOf(ctx, access, id);
    const b = codedBody(ctx, ConnectionBody);
    const connection = await writeConnection(access, id, cid, b);
    await auditAdmin(knex, ctx, access, 'connect.connection.update', { connectId: id, connectionId: cid });
    ctx.body = { connection };
  });

  router.delete('/connects/:id/connections/:connectionId', async (ctx) => {
    const access = await managed(ctx);
    const id = await own(ctx, access);
    const { cid, isDefault } = await connectionOf(ctx, access, id);
    if (isDefault) throw new AppError('DEFAULT_CONNECTION_DELETE');
    await knex('connect_connections').where({ id: cid }).delete();
    await auditAdmin(knex, ctx, access, 'connect.connection.delete', { connectId: id, connectionId: cid });
    ctx.status = 204;
  });

  return router;
}
