/**
 * PGlite cannot start inside jest (it loads its WASM by dynamic import), so the hook that
 * gives its bytea values the node-postgres shape is tested on the shapes PGlite answers.
 */
import { bytesAsBuffers } from './connection';

it('turns the Uint8Array values PGlite answers for bytea into Buffers, in rows and plucked lists', () => {
  const bytes = new Uint8Array([1, 2, 3]);
  const rows = bytesAsBuffers([{ id: 1, bytes, name: 'x', when: new Date(0) }]) as Record<string, unknown>[];
  expect(Buffer.isBuffer(rows[0]!.bytes)).toBe(true);
  expect((rows[0]!.bytes as Buffer).toString('base64')).toBe('AQID');
  expect(rows[0]).toMatchObject({ id: 1, name: 'x', when: new Date(0) });
  const one = bytesAsBuffers({ bytes }) as { bytes: unknown };
  expect(Buffer.isBuffer(one.bytes)).toBe(true);
  const plucked = bytesAsBuffers([bytes]) as unknown[];
  expect(Buffer.isBuffer(plucked[0])).toBe(true);
  const buffer = Buffer.from([9]);
  expect((bytesAsBuffers([{ b: buffer }]) as { b: Buffer }[])[0]!.b).toBe(buffer);
  expect(bytesAsBuffers(3)).toBe(3);
});
