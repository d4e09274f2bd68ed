import { classifyFailure, parseStowResponse } from './stow-response';

const item = (uid: string, reason?: number) => ({
  '00081155': { vr: 'UI', Value: [uid] },
  ...(reason !== undefined ? { '00081197': { vr: 'US', Value: [reason] } } : {}),
});

describe('parseStowResponse', () => {
  it('200: everything stored', () => {
    expect(parseStowResponse(200, '{}')).toEqual({ kind: 'stored', httpStatus: 200 });
    expect(parseStowResponse(200, '')).toEqual({ kind: 'stored', httpStatus: 200 });
  });

  it('202: failed and stored instances from FailedSOPSequence and ReferencedSOPSequence', () => {
    const body = JSON.stringify({
      '00081198': { vr: 'SQ', Value: [item('1.2.3', 0xc000), item('1.2.4')] },
      '00081199': { vr: 'SQ', Value: [item('1.2.5')] },
    });
    expect(parseStowResponse(202, body)).toEqual({
      kind: 'per-instance',
      httpStatus: 202,
      failed: [
        { sopInstanceUid: '1.2.3', failureReason: 0xc000 },
        { sopInstanceUid: '1.2.4', failureReason: undefined },
      ],
      stored: ['1.2.5'],
    });
  });

  it('202 without ReferencedSOPSequence leaves "stored" open; an array-wrapped data set is read too', () => {
    const body = JSON.stringify([{ '00081198': { vr: 'SQ', Value: [item('1.2.3', 272)] } }]);
    expect(parseStowResponse(202, body)).toMatchObject({
      kind: 'per-instance',
      failed: [{ sopInstanceUid: '1.2.3', failureReason: 0x0110 }],
      stored: null,
    });
  });

  it('409: none stored whatever the body says', () => {
    const body = JSON.stringify({ '00081198': { vr: 'SQ', Value: [item('1.2.3', 0xa900)] } });
    expect(parseStowResponse(409, body)).toMatchObject({ kind: 'per-instance', httpStatus: 409, stored: [] });
  });

  it('a 202/409 without a readable body is retried as a whole', () => {
    expect(parseStowResponse(202, 'oops')).toMatchObject({ kind: 'outage', httpStatus: 202 });
  });

  it('400 and 413 refuse the request; the error shape becomes the reason', () => {
    const body = JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', description: 'Arquivo grande demais' } });
    expect(parseStowResponse(413, body)).toEqual({
      kind: 'request-refused',
      httpStatus: 413,
      reason: 'HTTP 413 PAYLOAD_TOO_LARGE: Arquivo grande demais',
    });
    expect(parseStowResponse(400, 'bad multipart')).toEqual({
      kind: 'request-refused',
      httpStatus: 400,
      reason: 'HTTP 400: bad multipart',
    });
  });

  it('401, 403, 429 and 5xx are outages', () => {
    for (const status of [401, 403, 404, 429, 500, 502, 503, 504]) expect(parseStowResponse(status, '').kind).toBe('outage');
  });
});

describe('classifyFailure', () => {
  it('retries what may pass, rejects what never will, and takes a duplicate as stored', () => {
    expect(classifyFailure(undefined)).toBe('unknown');
    expect(classifyFailure(0x0001)).toBe('unknown');
    expect(classifyFailure(0xa700)).toBe('transient');
    expect(classifyFailure(0xa7ff)).toBe('transient');
    expect(classifyFailure(0x0110)).toBe('transient');
    expect(classifyFailure(0x0213)).toBe('transient');
    expect(classifyFailure(0xa900)).toBe('permanent');
    expect(classifyFailure(0xc000)).toBe('permanent');
    expect(classifyFailure(0xc123)).toBe('permanent');
    expect(classifyFailure(0x0122)).toBe('permanent');
    expect(classifyFailure(0x0111)).toBe('already-stored');
  });
});
