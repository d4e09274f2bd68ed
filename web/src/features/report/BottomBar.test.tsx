import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import '../../i18n';
import { BottomBar } from './BottomBar';
import type { EditMode } from './editor/edit-mode';

const mode = (editable: boolean): EditMode => ({
  editable,
  field: 'content',
  autosave: editable,
  cannotEdit: false,
  finishAction: editable ? 'finish' : null,
  canChangeMask: false,
});

function renderBar(editable: boolean) {
  render(
    <BottomBar
      editor={null}
      mode={mode(editable)}
      showOpinion={false}
      pending={null}
      onFinish={jest.fn()}
      onOpinion={jest.fn()}
      onMask={jest.fn()}
      onTags={jest.fn()}
      documents={null}
    />,
  );
}

describe('BottomBar', () => {
  it('shows the editing shortcuts on a text that can be typed in', () => {
    renderBar(true);
    expect(screen.getByTestId('bottom-shortcuts').textContent).toContain('Ctrl+S');
  });

  it('hides them on a read-only report', () => {
    renderBar(false);
    expect(screen.queryByTestId('bottom-shortcuts')).toBeNull();
    expect(screen.getByTestId('bottom-tags')).toBeTruthy();
  });
});
