import { describe, expect, it } from '@jest/globals';
import { DEFAULT_STUDY_LIST_VIEW, parseStudyListView } from './list-view';

describe('parseStudyListView', () => {
  it('reads a stored view and falls back to the default when absent or damaged', () => {
    expect(parseStudyListView('{"dense":true,"hidden":["doctor"]}')).toEqual({ dense: true, hidden: ['doctor'] });
    expect(parseStudyListView(undefined)).toEqual(DEFAULT_STUDY_LIST_VIEW);
    expect(parseStudyListView('{')).toEqual(DEFAULT_STUDY_LIST_VIEW);
    expect(parseStudyListView('{"dense":true,"hidden":["unknown"]}')).toEqual(DEFAULT_STUDY_LIST_VIEW);
  });
});
