import { decodeCursor, encodeCursor } from './cursor';

const ID = '5b0c2a8e-1f0a-4c3e-9a55-0d1c2b3a4f5e';

it('hands back what it encoded', () => {
  expect(decodeCursor(encodeCursor('maria', ID))).toEqual({ k: 'maria', id: ID });
  expect(decodeCursor(encodeCursor('2026-12-01T04:30:00.000Z', ID), 'time')).toEqual({ k: '2026-12-01T04:30:00.000Z', id: ID });
});

it('refuses what is not one of its cursors with MALFORMED_REQUEST', () => {
  for (const raw of ['', 'not-base64!', Buffer.from('{"k":1}').toString('base64url'), encodeCursor('x', 'not-an-id')])
    expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ code: 'MALFORMED_REQUEST' }));
  expect(() => decodeCursor(encodeCursor('yesterday', ID), 'time')).toThrow(
    expect.objectContaining({ code: 'MALFORMED_REQUEST' }),
  );
});
