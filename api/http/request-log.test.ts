/** The request log: one line per /api and per DICOMweb request, the latter with its account. */
import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import { requestLogging } from './security';

async function logged(path: string, caller?: { accountId: string; connect: { id: string } | null }, status = 200) {
  const lines: any[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Koa();
  app.use(requestLogging(pino({ level: 'info' }, sink)));
  app.use((ctx) => {
    ctx.state.caller = caller;
    ctx.status = status;
    ctx.body = 'x';
  });
  const server = app.listen(0);
  const port = (server.address() as { port: number }).port;
  await fetch(`http://127.0.0.1:${port}${path}`);
  await new Promise((r) => server.close(r));
  return lines;
}

it('logs a DICOMweb request with method, path, status, time and account', async () => {
  const [line] = await logged('/dicomweb/studies?PatientID=1', { accountId: 'acc-1', connect: { id: 'con-1' } }, 404);
  expect(line).toMatchObject({
    msg: 'dicomweb request',
    method: 'GET',
    path: '/dicomweb/studies',
    status: 404,
    accountId: 'acc-1',
    connectId: 'con-1',
  });
  expect(typeof line.ms).toBe('number');
  const [wado] = await logged('/wado?requestType=WADO', undefined, 401);
  expect(wado).toMatchObject({ msg: 'dicomweb request', path: '/wado', status: 401, accountId: null });
});

it('logs /api requests and nothing for the web app', async () => {
  expect(await logged('/api/health')).toEqual([expect.objectContaining({ msg: 'request', path: '/api/health' })]);
  expect(await logged('/studies/report/1')).toEqual([]);
});
