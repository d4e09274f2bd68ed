import { describe, expect, it } from '@jest/globals';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  readFilters,
  searchTooShort,
  studiesApiQuery,
  writeFilters,
  writeListSearch,
} from './filters';
import { deleteSavedFilter, loadSavedFilters, saveFilter, savedFilterValue } from './saved-filters';
import { canSearchLabels, labelProblem, normaliseLabel } from './labels';
import { readListParams } from './list-params';

const INST = '11111111-2222-4333-8444-555555555555';

describe('filters ⇄ query string', () => {
  it('round-trips every filter and drops defaults', () => {
    const f = {
      q: 'maria',
      modality: 'CT',
      institutionId: INST,
      status: [12, 0, 1],
      from: '2025-01-01',
      to: '2025-01-31',
      sort: 'asc' as const,
    };
    const qs = writeFilters(f).toString();
    expect(qs).toBe(`q=maria&modality=CT&institution=${INST}&status=0%2C1%2C12&from=2025-01-01&to=2025-01-31&sort=asc`);
    expect(readFilters(new URLSearchParams(qs))).toEqual({ ...f, status: [0, 1, 12] });
    expect(writeFilters(EMPTY_FILTERS).toString()).toBe('');
  });
  it('drops what the server would refuse', () => {
    expect(
      readFilters(new URLSearchParams('q=ab&modality=c1&institution=x&status=99,a&from=2025-13-45&to=nope&sort=up')),
    ).toEqual(EMPTY_FILTERS);
    expect(readFilters(new URLSearchParams('status=0,99,1,1')).status).toEqual([0, 1]);
  });
  it('counts active filters and flags short search text', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: 'ab', from: '2025-01-01', to: '2025-01-02', sort: 'asc' })).toBe(2);
    expect(searchTooShort('')).toBe(false);
    expect(searchTooShort(' ab ')).toBe(true);
    expect(searchTooShort('abc')).toBe(false);
  });
  it('writes the list address and the API query (cursor only past page 1)', () => {
    const f = { ...EMPTY_FILTERS, modality: 'MR' };
    expect(writeListSearch(f, { page: 2, pageSize: 50, cursor: 'abc' }).toString()).toBe(
      'modality=MR&page=2&pageSize=50&cursor=abc',
    );
    expect(writeListSearch(f, { page: 1, pageSize: 25, cursor: 'abc' }).toString()).toBe('modality=MR');
    expect(studiesApiQuery({ ...f, institutionId: INST, status: [1] }, { page: 1, pageSize: 25 }).toString()).toBe(
      `page=1&pageSize=25&modality=MR&institutionId=${INST}&status=1&sort=desc`,
    );
    expect(readListParams(new URLSearchParams('page=3&cursor=xyz'))).toEqual({ page: 3, pageSize: 25, cursor: 'xyz' });
    expect(readListParams(new URLSearchParams('cursor=xyz'))).toEqual({ page: 1, pageSize: 25 });
  });
});

function memoryStore() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('saved filters', () => {
  it('saves per account, replaces by name (case ignored), sorts, deletes', () => {
    const s = memoryStore();
    saveFilter(s, 'acc1', 'TC urgentes', { ...EMPTY_FILTERS, modality: 'CT', status: [0] });
    saveFilter(s, 'acc1', 'Abertos', { ...EMPTY_FILTERS, status: [1] });
    const list = saveFilter(s, 'acc1', 'tc URGENTES', { ...EMPTY_FILTERS, modality: 'MR' });
    expect(list.map((f) => f.name)).toEqual(['Abertos', 'tc URGENTES']);
    expect(savedFilterValue(list[1]!)).toEqual({ ...EMPTY_FILTERS, modality: 'MR' });
    expect(s.data.has('savedFilters:acc1')).toBe(true);
    expect(loadSavedFilters(s, 'acc2')).toEqual([]);
    expect(deleteSavedFilter(s, 'acc1', 'Abertos').map((f) => f.name)).toEqual(['tc URGENTES']);
    expect(loadSavedFilters(s, 'acc1')).toHaveLength(1);
  });
  it('survives damaged storage', () => {
    const s = memoryStore();
    s.setItem('savedFilters:a', '{oops');
    expect(loadSavedFilters(s, 'a')).toEqual([]);
    s.setItem('savedFilters:a', JSON.stringify([null, { name: 1 }, { name: ' X ', query: 'modality=CT&q=a' }]));
    expect(loadSavedFilters(s, 'a')).toEqual([{ name: 'X', query: 'modality=CT' }]);
  });
});

describe('label normalisation', () => {
  it('strips comma, dot and slash and collapses spaces', () => {
    expect(normaliseLabel(' a.b,c/d   e ')).toBe('abcd e');
  });
  it('needs two letters, refuses duplicates and long names', () => {
    expect(labelProblem('a1.')).toBe('minLetters');
    expect(labelProblem('1/2/3')).toBe('minLetters');
    expect(labelProblem('Urgente', [{ name: 'urgente' }])).toBe('duplicate');
    expect(labelProblem('x'.repeat(51))).toBe('tooLong');
    expect(labelProblem('Re-vis.ão')).toBeNull();
    expect(canSearchLabels('a.')).toBe(false);
    expect(canSearchLabels('ab')).toBe(true);
  });
});

describe("'most recently received' order", () => {
  it('reads and writes sort=received, and asks the API for orderBy=received newest first', () => {
    const f = readFilters(new URLSearchParams('sort=received'));
    expect(f.sort).toBe('received');
    expect(writeFilters(f).toString()).toBe('sort=received');
    expect(studiesApiQuery(f, { page: 1, pageSize: 25 }).toString()).toBe('page=1&pageSize=25&sort=desc&orderBy=received');
    expect(readFilters(new URLSearchParams('sort=other')).sort).toBe('desc');
    expect(activeFilterCount(f)).toBe(1);
  });
});
