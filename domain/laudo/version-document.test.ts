import { hasVersionDocument } from './version-document';

const v = (state: number, more: Partial<{ cancelled: boolean; hasContent: boolean; signed: boolean }> = {}) =>
  hasVersionDocument({ state, cancelled: false, hasContent: true, signed: false, ...more });

describe('which report versions have a PDF (download route, study zip and versions table)', () => {
  it('concluded, signed and external reports with text, and versions archived with text', () => {
    expect(v(2)).toBe(true);
    expect(v(3)).toBe(true);
    expect(v(21)).toBe(true);
    expect(v(1, { cancelled: true })).toBe(true);
  });

  it('not a study auto-concluded without a report (20), a version being written, or one without text', () => {
    expect(v(20)).toBe(false);
    for (const state of [0, 1, 4, 11, 12, 22, 23, 25]) expect(v(state)).toBe(false);
    expect(v(21, { hasContent: false })).toBe(false);
    expect(v(2, { hasContent: false })).toBe(false);
    expect(v(1, { cancelled: true, hasContent: false })).toBe(false);
  });

  it('a signed PDF stored for the version is always its document', () => {
    expect(v(1, { cancelled: true, hasContent: false, signed: true })).toBe(true);
  });
});
