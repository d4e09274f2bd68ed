/**
 * listenPostgres' reconnections, against a connection that reports its loss twice (an error
 * event and a failed connect), as pg does when its backend is terminated while connecting: one
 * reconnection at a time, and none once closed. The LISTEN itself runs against PostgreSQL in
 * test/integration/db-listen.test.ts.
 */
import { EventEmitter } from 'node:events';
import pino from 'pino';

const created: FakeClient[] = [];
class FakeClient extends EventEmitter {
  constructor() {
    super();
    created.push(this);
  }
  connect(): Promise<void> {
    // Lost while connecting: the error event and the rejected connect both say so.
    queueMicrotask(() => this.emit('error', new Error('terminating connection due to administrator command')));
    return Promise.reject(new Error('Connection terminated unexpectedly'));
  }
  query(): Promise<void> {
    return Promise.resolve();
  }
  end(): Promise<void> {
    return Promise.resolve();
  }
}
// A getter: jest hoists the mock above the class, which exists by the time a client is made.
jest.mock('pg', () => ({
  __esModule: true,
  default: {
    get Client() {
      return FakeClient;
    },
  },
}));

import { listenPostgres } from './listen';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('tries again once a second, one attempt at a time, and never after close', async () => {
  created.length = 0;
  const listening = await listenPostgres({
    databaseUrl: 'postgres://nowhere',
    channels: ['c'],
    logger: pino({ level: 'silent' }),
    name: 'test listener',
    onNotification: () => undefined,
  });
  expect(created).toHaveLength(1);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(created).toHaveLength(2);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(created).toHaveLength(3);
  await listening.close();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(created).toHaveLength(3);
});
