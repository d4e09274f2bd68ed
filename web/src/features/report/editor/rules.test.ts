import { describe, expect, it } from '@jest/globals';
import type { ReportView } from '../../../../../domain/studies/schemas';
import { reportView } from '../../../test/fixtures';
import { counterState, imageTooLarge, MAX_IMAGE_BYTES, MAX_REPORT_CHARS, FONT_SIZES } from './limits';
import { editMode, shouldLeaveEditor } from './edit-mode';
import { headerActions, opinionMode, toolbarButtons } from './toolbar';
import { maskContentOf, parseMaskSections } from './masks';
import { chooseInitialContent } from './draft-content';
import type { LocalDraft } from './local-drafts';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const report = (over: Partial<ReportView> = {}): ReportView =>
  reportView({
    laudoId: '00000000-0000-4000-8000-0000000000aa',
    state: 1,
    userId: ME,
    doctorName: 'Dr. Me',
    responsibleUserId: ME,
    updatedAt: '2026-01-01T10:00:00.000Z',
    allowedActions: ['save', 'saveDraft', 'finish', 'requestReview'],
    ...over,
  });

describe('limits', () => {
  it('turns the counter to error above the limit only', () => {
    expect(counterState(MAX_REPORT_CHARS).over).toBe(false);
    expect(counterState(MAX_REPORT_CHARS + 1).over).toBe(true);
    expect(counterState(11, 10)).toEqual({ count: 11, limit: 10, over: true });
  });
  it('accepts images under 3,000 KB and font sizes 8 to 30', () => {
    expect(imageTooLarge(MAX_IMAGE_BYTES - 1)).toBe(false);
    expect(imageTooLarge(MAX_IMAGE_BYTES)).toBe(true);
    expect(FONT_SIZES[0]).toBe(8);
    expect(FONT_SIZES.at(-1)).toBe(30);
  });
});

describe('editMode', () => {
  it('lets the executor write in 1 and 25 with save, and autosave with saveDraft', () => {
    expect(editMode(report(), ME)).toMatchObject({
      editable: true,
      field: 'content',
      autosave: true,
      finishAction: 'finish',
      canChangeMask: true,
    });
    expect(editMode(report({ state: 25 }), ME).editable).toBe(true);
    expect(editMode(report({ allowedActions: ['save'] }), ME)).toMatchObject({ editable: true, autosave: false });
  });
  it('lets the reviewer write reviewContent in 12 with finishReview', () => {
    const r = report({
      state: 12,
      responsibleUserId: ME,
      userId: OTHER,
      allowedActions: ['save', 'saveDraft', 'finish', 'finishReview'],
    });
    expect(editMode(r, ME)).toMatchObject({
      editable: true,
      field: 'reviewContent',
      finishAction: 'finishReview',
      canChangeMask: false,
    });
  });
  it('is read-only, with cannot edit, when another user owns the report', () => {
    expect(editMode(report({ userId: OTHER, allowedActions: [] }), ME)).toMatchObject({
      editable: false,
      cannotEdit: true,
      finishAction: null,
    });
    expect(editMode(report({ state: 2, allowedActions: ['reopen'] }), ME)).toMatchObject({ editable: false, cannotEdit: false });
  });
  it('never edits OIT/SISMAMA text here', () => {
    expect(editMode(report({ structuredType: 'OIT' }), ME)).toMatchObject({ editable: false, autosave: false });
  });
  it('leaves the editor when the state moves out of 1, 12 and 25 while editing', () => {
    expect(shouldLeaveEditor(true, 11)).toBe(true);
    expect(shouldLeaveEditor(true, 12)).toBe(false);
    expect(shouldLeaveEditor(false, 2)).toBe(false);
  });
});

describe('toolbar', () => {
  const ctx = { editable: true, canCreatePhrase: false };
  it('shows the spec buttons in order, only when allowed', () => {
    const all = [
      'switchModel',
      'requestReview',
      'reopenReview',
      'reopen',
      'requestOpinion',
      'changeDoctor',
      'narrate',
      'returnToNotStarted',
      'disassociate',
      'save',
    ];
    expect(toolbarButtons({ ...ctx, allowedActions: all })).toEqual([
      'criticalFinding',
      'switchModel',
      'masksMenu',
      'requestReview',
      'reopenReview',
      'reopen',
      'secondOpinion',
      'changeDoctor',
      'narrate',
      'returnToNotStarted',
      'disassociate',
      'save',
    ]);
    expect(toolbarButtons({ editable: false, canCreatePhrase: false, allowedActions: ['reopen'] })).toEqual([
      'criticalFinding',
      'reopen',
    ]);
  });
  it('picks the opinion dialog and the header actions', () => {
    expect(opinionMode(['acceptOpinion', 'ignoreOpinion'])).toBe('decide');
    expect(opinionMode(['giveOpinion'])).toBe('give');
    expect(opinionMode(['requestOpinion', 'save'])).toBe('request');
    expect(opinionMode(['cancelOpinion'])).toBe('cancel');
    expect(opinionMode(['save'])).toBeNull();
    expect(headerActions(['save', 'start', 'cancelReview'])).toEqual(['start', 'cancelReview']);
  });
});

describe('masks', () => {
  it('reads the sections the server gives, in their scopes', () => {
    expect(
      parseMaskSections({
        sections: [
          { scope: 'user', masks: [{ id: 'u1', title: 'Minha', isDefault: true, scope: 'user', modality: 'CT' }] },
          { scope: 'exam', masks: [{ id: 'e1', title: 'Exame', isDefault: false }] },
        ],
      }),
    ).toEqual({
      user: [{ id: 'u1', title: 'Minha', isDefault: true }],
      institution: [],
      modality: [],
      exam: [{ id: 'e1', title: 'Exame', isDefault: false }],
    });
    expect(() => parseMaskSections({ sections: [{ scope: 'bogus', masks: [] }] })).toThrow();
  });
  it('reads a mask content, or no default mask', () => {
    expect(maskContentOf({ mask: { content: '<p>x</p>' } })).toBe('<p>x</p>');
    expect(maskContentOf({ mask: null })).toBeNull();
  });
});

describe('initial content', () => {
  const base = {
    laudoId: 'l1',
    version: 1,
    field: 'content' as const,
    reportUpdatedAt: '2026-01-01T10:00:00.000Z',
    saved: { laudoContent: '<p>saved</p>', reviewContent: null },
    draft: null,
    local: null,
  };
  it('opens the saved text, or a newer draft', () => {
    expect(chooseInitialContent(base)).toMatchObject({ content: '<p>saved</p>', source: 'saved' });
    const older = { content: '<p>old draft</p>', updatedAt: '2026-01-01T09:00:00.000Z' };
    expect(chooseInitialContent({ ...base, draft: older }).source).toBe('saved');
    const newer = { content: '<p>draft</p>', updatedAt: '2026-01-01T11:00:00.000Z' };
    expect(chooseInitialContent({ ...base, draft: newer })).toMatchObject({ content: '<p>draft</p>', source: 'draft' });
  });
  it('the reviewer starts from the author text and takes reviewContent drafts', () => {
    const r = { ...base, field: 'reviewContent' as const };
    expect(chooseInitialContent(r).content).toBe('<p>saved</p>');
    const d = { content: 'x', reviewContent: '<p>rev</p>', updatedAt: '2026-01-02T00:00:00.000Z' };
    expect(chooseInitialContent({ ...r, draft: d }).content).toBe('<p>rev</p>');
  });
  const local: LocalDraft = {
    laudoId: 'l1',
    version: 1,
    field: 'content',
    content: '<p>typed offline</p>',
    baseRevision: 4,
    writer: 'tab-a',
    // a browser clock far ahead or behind changes nothing: revisions decide
    savedAt: Date.parse('2020-01-01T00:00:00Z'),
    synced: false,
  };
  const draft = { content: '<p>draft</p>', updatedAt: '2026-01-01T11:00:00.000Z', revision: 4, writer: 'tab-a' };
  it('prefers unsent local text typed on the server draft revision, whatever the clocks say', () => {
    expect(chooseInitialContent({ ...base, draft, local })).toEqual({
      content: '<p>typed offline</p>',
      source: 'local',
      unsynced: true,
      revision: 4,
      conflict: null,
      interrupted: false,
    });
    const ahead = { ...local, savedAt: Date.parse('2030-01-01T00:00:00Z') };
    expect(chooseInitialContent({ ...base, draft, local: ahead }).source).toBe('local');
    expect(chooseInitialContent({ ...base, local: { ...local, baseRevision: 0 } }).source).toBe('local');
    expect(chooseInitialContent({ ...base, draft, local: { ...local, version: 2 } }).source).toBe('draft');
    expect(chooseInitialContent({ ...base, draft, local: { ...local, synced: true } }).source).toBe('draft');
  });
  it('takes the local text over newer revisions this same tab wrote (a save whose answer a crash lost)', () => {
    const later = { ...draft, revision: 6, content: '<p>typed offl</p>' };
    expect(chooseInitialContent({ ...base, draft: later, local })).toMatchObject({
      source: 'local',
      revision: 6,
      conflict: null,
    });
  });
  it('makes a conflict of local text typed on a revision another tab replaced', () => {
    const theirs = { ...draft, revision: 5, writer: 'tab-b', content: '<p>other tab</p>' };
    expect(chooseInitialContent({ ...base, draft: theirs, local })).toEqual({
      content: '<p>other tab</p>',
      source: 'draft',
      unsynced: false,
      revision: 5,
      conflict: { mine: '<p>typed offline</p>', theirs: '<p>other tab</p>' },
      interrupted: false,
    });
  });
  it('says a save was interrupted when the unacknowledged copy holds nothing the server lacks', () => {
    const same = { ...draft, revision: 5, writer: 'tab-a', content: local.content };
    expect(chooseInitialContent({ ...base, draft: same, local })).toMatchObject({ source: 'draft', interrupted: true });
    expect(chooseInitialContent({ ...base, draft: same, local: { ...local, synced: true } }).interrupted).toBe(false);
  });
  it('ignores a local copy equal to what the server holds', () => {
    expect(
      chooseInitialContent({ ...base, draft: { ...draft, revision: 9, writer: 'x', content: local.content }, local }),
    ).toMatchObject({
      source: 'draft',
      conflict: null,
    });
  });
});
