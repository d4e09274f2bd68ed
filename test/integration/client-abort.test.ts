/**
 * A client that goes away mid-download (a viewer scrolling past an image, a closed tab) is
 * routine: the platform logs it at debug level and prints nothing to stderr (Koa's default
 * error handler used to print 'Premature close' stacks for each one).
 */
import http from 'node:http';
import { makeStudy } from '../support/dicom-files';
import { stow } from '../support/dicomweb';
import { createTenant } from '../support/fixtures';
import { login, platformSuite } from '../support/suite';

jest.setTimeout(60_000);

const suite = platformSuite();
// 2048 × 2048 × 16 bits: an 8 MB instance, far more than one socket buffer.
const study = makeStudy({ series: 1, perSeries: 1, modalities: ['CR'], rows: 2048, columns: 2048 });

it('an aborted WADO-RS download prints no error', async () => {
  const t = await createTenant(suite.knex, { studies: 0, users: { doctor: ['STUDIES_UPLOAD_DICOM'] } });
  const token = await login(suite.api, t.users.doctor!.username);
  expect((await stow(suite.platform.url, token, study.files)).status).toBe(200);
  const errors = jest.spyOn(console, 'error');
  const url = `${suite.platform.url}/dicomweb/studies/${study.studyUid}/series/${study.seriesUids[0]}/instances/${study.sopUids[0]}`;
  const firstChunk = await new Promise<number>((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/dicom' } }, (res) => {
      res.once('data', (chunk: Buffer) => {
        resolve(chunk.length);
        req.destroy(); // the client leaves with most of the body unsent
      });
    });
    req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
  });
  expect(firstChunk).toBeGreaterThan(0);
  // Let the server notice the closed socket and finish the request.
  await new Promise((r) => setTimeout(r, 1000));
  expect(errors.mock.calls.map((c) => String(c[0] instanceof Error ? c[0].message : c[0]))).toEqual([]);
  errors.mockRestore();
});
