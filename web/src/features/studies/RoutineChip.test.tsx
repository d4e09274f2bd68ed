import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { RoutineChip } from './RoutineChip';

const ARRIVAL = '2026-11-27T10:00:00.000Z';

function study(over: Partial<NonNullable<StudyListItem['routine']>> = {}): StudyListItem {
  return {
    id: '11111111-2222-4333-8444-555555555555',
    patientName: 'Ana',
    patientId: 'P1',
    accessionNumber: null,
    modalities: ['US'],
    examType: null,
    examDate: null,
    receivedAt: ARRIVAL,
    institutionId: '11111111-2222-4333-8444-555555555556',
    institutionName: 'Clínica',
    laudoId: '11111111-2222-4333-8444-555555555557',
    laudoState: 0,
    laudoUserId: null,
    doctorName: null,
    routine: {
      id: '11111111-2222-4333-8444-555555555558',
      name: 'Urgência',
      color: '#d32f2f',
      showRemainingTime: true,
      // 120 minutes, alert in the last 30.
      deadline: '2026-11-27T12:00:00.000Z',
      alertAt: '2026-11-27T11:30:00.000Z',
      remainingMinutes: 0,
      status: 'onTime',
      ...over,
    },
  };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('RoutineChip', () => {
  it('counts down from the deadline: on time, then inside the alert window, then overdue', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:30:00Z') });
    const onClick = jest.fn();
    render(<RoutineChip study={study()} onClick={onClick} />);
    const chip = screen.getByTestId(`study-routine-${study().id}`);
    expect(chip.textContent).toBe('Urgência · 1h 30min');
    expect(chip.getAttribute('data-status')).toBe('onTime');
    act(() => jest.advanceTimersByTime(75 * 60_000));
    expect(chip.textContent).toBe('Urgência · 15min');
    expect(chip.getAttribute('data-status')).toBe('alert');
    act(() => jest.advanceTimersByTime(25 * 60_000));
    expect(chip.textContent).toBe('Urgência · atrasado 10min');
    expect(chip.getAttribute('data-status')).toBe('overdue');
    fireEvent.click(chip);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows only the name when the routine hides the remaining time, and nothing without a routine', () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T10:30:00Z') });
    const { container, rerender } = render(<RoutineChip study={study({ showRemainingTime: false })} onClick={() => {}} />);
    expect(screen.getByTestId(`study-routine-${study().id}`).textContent).toBe('Urgência');
    rerender(<RoutineChip study={{ ...study(), routine: null }} onClick={() => {}} />);
    expect(container.textContent).toBe('');
  });
});
