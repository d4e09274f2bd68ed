import { describe, expect, it, jest } from '@jest/globals';
import { EMPTY_FILTERS } from './filters';
import { loadSavedFilters, saveFilter } from './saved-filters';
import { createFilterStore } from './saved-filters-store';

describe('saved filters kept in the user setting', () => {
  it('reads the setting, writes the whole map through, and keeps other accounts', () => {
    const persist = jest.fn((_v: string) => Promise.resolve());
    const initial = JSON.stringify({ 'savedFilters:b': [{ name: 'Outra conta', query: 'modality=MR' }] });
    const store = createFilterStore(initial, persist);
    expect(loadSavedFilters(store, 'a')).toEqual([]);
    saveFilter(store, 'a', 'Tomografias', { ...EMPTY_FILTERS, modality: 'CT' });
    expect(loadSavedFilters(store, 'a')).toEqual([{ name: 'Tomografias', query: 'modality=CT' }]);
    const sent = JSON.parse(persist.mock.calls.at(-1)![0]) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['savedFilters:a', 'savedFilters:b']);
  });

  it('takes over filters saved in this browser before, and survives a damaged setting', () => {
    const legacy = { getItem: (k: string) => (k === 'savedFilters:a' ? JSON.stringify([{ name: 'Antigo', query: '' }]) : null) };
    const store = createFilterStore('{not json', () => Promise.resolve(), legacy);
    expect(loadSavedFilters(store, 'a').map((f) => f.name)).toEqual(['Antigo']);
  });

  it('a failed write does not throw', () => {
    const store = createFilterStore(undefined, () => Promise.reject(new Error('offline')));
    expect(() => saveFilter(store, 'a', 'X', EMPTY_FILTERS)).not.toThrow();
  });
});
