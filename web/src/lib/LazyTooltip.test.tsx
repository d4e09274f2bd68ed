import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import IconButton from '@mui/material/IconButton';
import { LazyTooltip } from './LazyTooltip';

afterEach(() => {
  jest.useRealTimers();
});

function renderButton() {
  const onClick = jest.fn();
  const view = render(
    <LazyTooltip title="Abrir no visualizador">
      <IconButton aria-label="Abrir no visualizador: Ana" onClick={onClick}>
        x
      </IconButton>
    </LazyTooltip>,
  );
  return { ...view, onClick, button: screen.getByRole('button', { name: 'Abrir no visualizador: Ana' }) };
}

describe('LazyTooltip', () => {
  it('mounts nothing but the element until it is needed', () => {
    const { container } = renderButton();
    expect(container.querySelector('span[hidden]')).toBeNull();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on hover after 100 ms, with the same element (not remounted), and closes on leave', () => {
    jest.useFakeTimers();
    const { button, onClick } = renderButton();
    fireEvent.mouseOver(button);
    expect(screen.getByRole('button', { name: 'Abrir no visualizador: Ana' })).toBe(button);
    act(() => void jest.advanceTimersByTime(50));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void jest.advanceTimersByTime(60));
    expect(screen.getByRole('tooltip').textContent).toBe('Abrir no visualizador');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    fireEvent.mouseLeave(button);
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens on keyboard focus and closes with Escape or blur', () => {
    jest.useFakeTimers();
    const { button } = renderButton();
    act(() => button.focus());
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens on a long press and closes 1.5 s after the touch ends', () => {
    jest.useFakeTimers();
    const { button } = renderButton();
    fireEvent.touchStart(button);
    act(() => void jest.advanceTimersByTime(600));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void jest.advanceTimersByTime(200));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.touchEnd(button);
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => void jest.advanceTimersByTime(500));
    act(() => void jest.advanceTimersByTime(1000)); // the closing transition
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
