import { DIVERGENCE_STATUSES, divergenceActionAllowed } from './maintenance';

describe('divergent study actions (decision 022)', () => {
  it('merges only a received divergence; splits a received or merged one; a separation is final', () => {
    const table = Object.fromEntries(
      DIVERGENCE_STATUSES.map((s) => [s, { merge: divergenceActionAllowed(s, 'merge'), split: divergenceActionAllowed(s, 'split') }]),
    );
    expect(table).toEqual({
      RECEIVED: { merge: true, split: true },
      MERGED: { merge: false, split: true },
      SEPARATED: { merge: false, split: false },
    });
  });
});
