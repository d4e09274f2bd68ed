import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { ReportToolbar, type ReportToolbarProps } from './ReportToolbar';

function renderToolbar(over: Partial<ReportToolbarProps>) {
  const props: ReportToolbarProps = {
    allowedActions: [],
    editable: false,
    canCreatePhrase: false,
    canChangeMask: false,
    structuredType: '',
    pending: null,
    onAction: jest.fn(),
    onSwitchModel: jest.fn(),
    onMasks: jest.fn(),
    ...over,
  };
  render(<ReportToolbar {...props} />);
  return props;
}
const shown = () => Array.from(document.querySelectorAll('[data-testid^="toolbar-"]')).map((e) => e.getAttribute('data-testid'));

describe('ReportToolbar', () => {
  it('shows, in the spec order, only the buttons whose action is allowed (executor in state 1)', () => {
    renderToolbar({
      allowedActions: [
        'save',
        'saveDraft',
        'finish',
        'requestReview',
        'requestOpinion',
        'changeDoctor',
        'narrate',
        'returnToNotStarted',
        'switchModel',
      ],
      editable: true,
      canChangeMask: true,
    });
    expect(shown()).toEqual([
      'toolbar-criticalFinding',
      'toolbar-switchModel',
      'toolbar-masksMenu',
      'toolbar-requestReview',
      'toolbar-secondOpinion',
      'toolbar-changeDoctor',
      'toolbar-narrate',
      'toolbar-returnToNotStarted',
      'toolbar-save',
    ]);
    expect(screen.getByText('Solicitar revisão')).toBeTruthy();
  });

  it('a concluded report offers reopen only; a shared one disassociate', () => {
    renderToolbar({ allowedActions: ['reopen', 'sign'] });
    expect(shown()).toEqual(['toolbar-criticalFinding', 'toolbar-reopen']);
  });

  it('without allowed actions only the critical finding shows', () => {
    renderToolbar({ allowedActions: [] });
    expect(shown()).toEqual(['toolbar-criticalFinding']);
  });

  it('edit data and image header comes right after the masks menu, for header-permission holders only', () => {
    const props = renderToolbar({ allowedActions: ['requestReview', 'save'], editable: true, canEditHeader: true });
    expect(shown()).toEqual([
      'toolbar-criticalFinding',
      'toolbar-masksMenu',
      'toolbar-editHeader',
      'toolbar-requestReview',
      'toolbar-save',
    ]);
    expect(screen.getByText('Editar dados e cabeçalho da imagem')).toBeTruthy();
    fireEvent.click(screen.getByTestId('toolbar-editHeader'));
    expect(props.onAction).toHaveBeenCalledWith('editHeader');
  });

  it('calls back with the button', () => {
    const props = renderToolbar({ allowedActions: ['disassociate', 'reopenReview'] });
    expect(shown()).toEqual(['toolbar-criticalFinding', 'toolbar-reopenReview', 'toolbar-disassociate']);
    fireEvent.click(screen.getByTestId('toolbar-disassociate'));
    expect(props.onAction).toHaveBeenCalledWith('disassociate');
    fireEvent.click(screen.getByTestId('toolbar-criticalFinding'));
    expect(props.onAction).toHaveBeenCalledWith('criticalFinding');
  });

  it('the model menu switches to OIT', () => {
    const props = renderToolbar({ allowedActions: ['switchModel'] });
    fireEvent.click(screen.getByTestId('toolbar-switchModel'));
    fireEvent.click(screen.getByTestId('model-OIT'));
    expect(props.onSwitchModel).toHaveBeenCalledWith('OIT');
  });
});
