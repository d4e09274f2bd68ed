/**
 * Issue 12: an exam at 01:30 on the modality's clock is 01:30 everywhere — stored as that
 * São Paulo instant, shown so on the signed PDF and the public verify page, and found by the
 * list's day filter and QIDO's StudyDate on its own day, not the day before. (The same reading
 * in a process on São Paulo time: imaging/exam-time-zone.test.ts.) Also: the migration that
 * re-reads old studies, leaving a header edit alone.
 */
import { formatDateTime } from '../../domain/dates';
import { pdfText } from '../../documents/testing/pdf-tools';
import { makeTestPki } from '../../documents/testing/test-pki';
import { correctedExamDate, up as reReadExamDates } from '../../migrations/20261122000710_exam_date_wall_clock';
import { ensureDocumentTools } from '../../scripts/tools';
import { makeInstance, newUid } from '../support/dicom-files';
import { ingestStudy } from '../support/dicomweb';
import { DOCTOR_PERMISSIONS, type Tenant, createTenant } from '../support/fixtures';
import { actAs, fetchBytes, login, platformSuite } from '../support/suite';

jest.setTimeout(120_000);

const suite = platformSuite({ overrides: { STUDY_STABLE_SECONDS: '0.3' } });
const api = suite.api;
let t: Tenant;
let token: string;
let act: ReturnType<typeof actAs>;

beforeAll(async () => {
  ensureDocumentTools();
  t = await createTenant(suite.knex, { studies: 0, users: { doctor: [...DOCTOR_PERMISSIONS, 'STUDIES_UPLOAD_DICOM'] } });
  token = await login(api, t.users.doctor!.username);
  act = actAs(api, { doctor: token });
});

it('an exam at 01:30 is 01:30 of its own day on the PDF, the verify page, the list and QIDO', async () => {
  const studyUid = newUid();
  const file = makeInstance({
    studyUid,
    seriesUid: newUid(),
    studyDate: '20261122',
    studyTime: '013000',
    accessionNumber: 'ACC-0130',
  });
  const id = await ingestStudy(suite.platform.url, suite.knex, token, { studyUid, files: [file] });
  const row = await suite.knex('studies').where({ id }).first('exam_date');
  expect(new Date(row.exam_date).toISOString()).toBe('2026-11-22T04:30:00.000Z');
  expect(formatDateTime(row.exam_date, 'pt-BR')).toBe('22/11/2026 01:30:00');

  // The list's day filter (São Paulo days) and QIDO's StudyDate agree on the day.
  const listed = async (day: string) =>
    ((await act('doctor', 'GET', `/studies?from=${day}&to=${day}`)).studies as { id: string }[]).map((s) => s.id);
  expect(await listed('2026-11-22')).toContain(id);
  expect(await listed('2026-11-21')).not.toContain(id);
  const qido = async (date: string) => {
    const res = await fetch(`${suite.platform.url}/dicomweb/studies?StudyDate=${date}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { '0020000D': { Value: string[] } }[];
    return body.map((s) => s['0020000D'].Value[0]);
  };
  expect(await qido('20261122')).toContain(studyUid);
  expect(await qido('20261121')).not.toContain(studyUid);

  // The signed PDF says 01:30, and so does the public verify page's exam date.
  const pki = makeTestPki({ cpf: t.users.doctor!.cpf });
  await act('doctor', 'POST', '/digitalSignature/upload', { file: pki.p12.toString('base64'), password: pki.password });
  await act('doctor', 'POST', `/studies/${id}/reports/start`);
  await act('doctor', 'POST', `/studies/${id}/reports/save`, {
    content: '<p>Exame da madrugada.</p>',
    personalKeyPassword: pki.password,
  });
  const pdf = (await fetchBytes(suite.apiUrl(`/studies/${id}/reports/download?version=1`), token)).bytes;
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  expect(text).toContain('Data do exame: 22/11/2026 01:30:00');
  const code = text.match(/Código de verificação: ([A-Z0-9-]{14})/)![1]!;
  const verify = await api('GET', `/public/verify/${code}`);
  expect(formatDateTime(verify.body.document.examDate, 'pt-BR')).toBe('22/11/2026 01:30:00');
});

describe('the migration re-reading old studies', () => {
  const meta = (date: string, time: string, offset?: string) => ({
    '00080020': { vr: 'DA', Value: [date] },
    '00080030': { vr: 'TM', Value: [time] },
    ...(offset ? { '00080201': { vr: 'SH', Value: [offset] } } : {}),
  });

  it('corrects a date still holding the old UTC reading, and only that', () => {
    const old = new Date('2026-11-22T01:30:00Z');
    expect(correctedExamDate(old, meta('20261122', '013000'))?.toISOString()).toBe('2026-11-22T04:30:00.000Z');
    expect(correctedExamDate(old, meta('20261122', '013000', '-0200'))?.toISOString()).toBe('2026-11-22T03:30:00.000Z');
    // A date changed by a header edit no longer equals the old reading: kept.
    expect(correctedExamDate(new Date('2026-11-20T13:00:00Z'), meta('20261122', '013000'))).toBeNull();
    expect(correctedExamDate(old, {})).toBeNull();
  });

  it('updates the stored studies it should and leaves an edited one', async () => {
    const make = async (examDate: Date) => {
      const studyUid = newUid();
      const file = makeInstance({ studyUid, seriesUid: newUid(), studyDate: '20261015', studyTime: '233000' });
      const id = await ingestStudy(suite.platform.url, suite.knex, token, { studyUid, files: [file] });
      await suite.knex('studies').where({ id }).update({ exam_date: examDate });
      return id;
    };
    const stale = await make(new Date('2026-10-15T23:30:00Z')); // as ingest used to store it
    const edited = await make(new Date('2026-10-14T12:00:00Z')); // a header edit
    await reReadExamDates(suite.knex);
    const at = async (id: string) =>
      new Date((await suite.knex('studies').where({ id }).first('exam_date')).exam_date).toISOString();
    expect(await at(stale)).toBe('2026-10-16T02:30:00.000Z'); // 23:30 on the 15th in São Paulo
    expect(await at(edited)).toBe('2026-10-14T12:00:00.000Z');
  });
});
