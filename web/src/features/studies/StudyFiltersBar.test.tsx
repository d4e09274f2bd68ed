import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import '../../i18n';
import { EMPTY_FILTERS, type StudyFilters } from './filters';
import { StudyFiltersBar } from './StudyFiltersBar';

const INST = '11111111-2222-4333-8444-555555555555';

function renderBar(filters: StudyFilters = EMPTY_FILTERS) {
  const onChange = jest.fn<(f: StudyFilters) => void>();
  render(
    <StudyFiltersBar
      filters={filters}
      onChange={onChange}
      institutions={[{ id: INST, name: 'Clínica Sul' }]}
      accountId="acc"
      filterStore={localStorage}
    />,
  );
  return onChange;
}

afterEach(() => {
  jest.useRealTimers();
});

describe('StudyFiltersBar', () => {
  it('sends the search text 400 ms after typing, and hints below 3 characters', () => {
    jest.useFakeTimers();
    const onChange = renderBar();
    const input = screen.getByTestId('filter-text-input');
    fireEvent.change(input, { target: { value: 'ma' } });
    expect(screen.getByText('Digite pelo menos 3 caracteres')).toBeTruthy();
    act(() => void jest.advanceTimersByTime(1000));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'mar' } });
    act(() => void jest.advanceTimersByTime(399));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'maria' } });
    act(() => void jest.advanceTimersByTime(400));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...EMPTY_FILTERS, q: 'maria' });
  });

  it('changes modality, institution and sort at once', () => {
    const onChange = renderBar();
    fireEvent.mouseDown(within(screen.getByTestId('filter-modality')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'MR' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, modality: 'MR' });
    fireEvent.mouseDown(within(screen.getByTestId('filter-institution')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'Clínica Sul' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, institutionId: INST });
    fireEvent.mouseDown(within(screen.getByTestId('filter-sort')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'Mais antigos' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, sort: 'asc' });
  });

  it('picks several report states by their translated names', () => {
    const onChange = renderBar({ ...EMPTY_FILTERS, status: [1] });
    fireEvent.mouseDown(within(screen.getByTestId('filter-status')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: 'Não iniciado' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, status: [0, 1] });
  });

  it('sets dates and clears everything', () => {
    const onChange = renderBar({ ...EMPTY_FILTERS, modality: 'CT' });
    fireEvent.change(screen.getByTestId('filter-from-input'), { target: { value: '2025-02-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_FILTERS, modality: 'CT', from: '2025-02-01' });
    fireEvent.click(screen.getByTestId('filters-clear'));
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_FILTERS);
  });
});
