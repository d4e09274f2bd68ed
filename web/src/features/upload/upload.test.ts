import { describe, expect, it } from '@jest/globals';
import type { StudyListResponse } from '../../../../domain/studies/schemas';
import { liveDoc, studyItem } from '../../test/fixtures';
import { isNewArrival } from '../studies/live-cache';
import { eachLimited, outcomeOf } from './upload-api';

describe('outcomeOf (a STOW-RS answer for one file)', () => {
  it('is accepted on 200 and gives the reason of a refusal without its code', () => {
    expect(outcomeOf(200, {})).toEqual({ ok: true });
    const refused = {
      '00081198': {
        vr: 'SQ',
        Value: [
          {
            '00081197': { vr: 'US', Value: [0xc000] },
            '00000902': { vr: 'LO', Value: ['NOT_DICOM: O arquivo não é DICOM (Part 10).'] },
          },
        ],
      },
    };
    expect(outcomeOf(409, refused)).toEqual({ ok: false, reason: 'O arquivo não é DICOM (Part 10).' });
    expect(outcomeOf(403, { error: { code: 'FORBIDDEN_ACCESS', description: 'Sem permissão' } })).toEqual({
      ok: false,
      reason: 'Sem permissão',
    });
    expect(outcomeOf(502, null)).toEqual({ ok: false, reason: 'HTTP 502' });
  });
});

describe('eachLimited', () => {
  it('runs every item with at most n at a time', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });
});

describe('isNewArrival', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const page: StudyListResponse = {
    studies: [
      studyItem({
        id: 's1',
        accessionNumber: null,
        modalities: ['CT'],
        examType: null,
        examDate: null,
        laudoId: 'l1',
        laudoState: 0,
      }),
    ],
    total: 1,
    page: 1,
    pageSize: 25,
  };
  it('is true only for a study that just arrived and no page shows', () => {
    expect(isNewArrival(liveDoc({ studyId: 's9', arrivedAt: '2026-11-22T11:59:50Z' }), [page], now)).toBe(true);
    expect(isNewArrival(liveDoc({ studyId: 's1', arrivedAt: '2026-11-22T11:59:50Z' }), [page], now)).toBe(false);
    expect(isNewArrival(liveDoc({ studyId: 's9', arrivedAt: '2026-11-22T10:00:00Z' }), [page], now)).toBe(false);
    expect(isNewArrival(liveDoc({ studyId: 's9' }), [page], now)).toBe(false);
  });
});
