import type { KeyboardEvent } from 'react';

/**
 * The keys of a list whose rows open something (the study list, the agendados): Enter or Space
 * opens the row, ↑/↓ move the focus to the row above or below. Keys inside a row's own controls
 * (a menu, a button) are theirs.
 */
export function rowKeyHandler(onOpen: (id: string) => void) {
  return (e: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(id);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
      if (next instanceof HTMLElement && next.tabIndex >= 0) next.focus();
    }
  };
}
