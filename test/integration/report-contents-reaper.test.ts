/**
 * Report texts whose action never committed (issue 22): the reaper deletes those older than
 * its limit, and keeps committed texts, young ones (an Update may still be on its way) and any
 * text a report or version still references.
 */
import { reapUncommittedContents, storeContent } from '../../services/reports/contents';
import { createTenant } from '../support/fixtures';
import { platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite({ worker: false });
const HOUR = 60 * 60 * 1000;

it('reaps old uncommitted texts only', async () => {
  const knex = suite.knex;
  const t = await createTenant(knex, { studies: 1 });
  const { laudo_id: laudoId } = await knex('studies').where({ id: t.studyIds[0] }).first('laudo_id');
  const userId = t.users.doctor!.id;
  const store = (body: string) => storeContent(knex, { accountId: t.accountId, laudoId, kind: 'report', body, userId });
  const old = new Date(Date.now() - 2 * HOUR);

  const orphan = await store('<p>órfão</p>');
  const young = await store('<p>a caminho</p>');
  const committed = await store('<p>confirmado</p>');
  const referenced = await store('<p>referenciado</p>');
  await knex('laudo_contents').whereIn('id', [orphan.id, committed.id, referenced.id]).update({ created_at: old });
  await knex('laudo_contents').where({ id: committed.id }).update({ committed_at: old });
  await knex('laudos').where({ id: laudoId }).update({ content_id: referenced.id });

  expect(await reapUncommittedContents(knex)).toBeGreaterThanOrEqual(1);
  const left = await knex('laudo_contents').whereIn('id', [orphan.id, young.id, committed.id, referenced.id]).pluck('id');
  expect(left.sort()).toEqual([young.id, committed.id, referenced.id].sort());
});
