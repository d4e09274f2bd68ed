import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Editor } from '@tiptap/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReportView } from '../../../../domain/studies/schemas';
import { notify } from '../../app/notifications/store';
import type { ReportActionKey } from './actions';
import type { StudyDetail } from './api';
import { PARSE_OPTIONS } from './editor/extensions';
import { clearLocalDraft } from './editor/local-drafts';
import { shouldLeaveEditor, type EditMode } from './editor/edit-mode';
import { FormattingBar } from './editor/FormattingBar';
import { DictationButton } from '../dictation/DictationButton';
import { MASK_LOADED_VISIBLE_MS, MAX_REPORT_CHARS } from './editor/limits';
import { findPhraseByCode, phraseToHtml, type Phrase } from './editor/phrases';
import { ReportEditor } from './editor/ReportEditor';
import { opinionMode, type ToolbarButton } from './editor/toolbar';
import { ClinicalSummaryBar } from '../study-header/ClinicalSummaryBar';
import { useCanEditHeader } from '../study-header/use-can-edit-header';
import { useDraftAutosave } from './editor/use-draft-autosave';
import { useInitialContent } from './editor/use-initial-content';
import { useDraftBootstrap } from './editor/use-draft-bootstrap';
import { useEditorShortcuts } from './editor/use-editor-shortcuts';
import { NarrationRecorder } from './recorder/NarrationRecorder';
import { NarrationPlayer } from '../transcription/NarrationPlayer';
import { ReportToolbar, type StructuredModel } from './ReportToolbar';
import { useEditorSources, usePhrases } from './use-editor-data';
import { StructuredEditor, type StructuredEditorHandle } from '../structured/StructuredEditor';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { CertificatePasswordDialog } from '../documents/CertificatePasswordDialog';
import { ReportDocumentButtons } from '../documents/ReportDocumentButtons';
import { BottomBar } from './BottomBar';
import { EditorNotices, EditorStatusLine } from './editor/EditorCardParts';
import { type DialogKind, WorkspaceDialogs } from './WorkspaceDialogs';
import { ImageSelectionDialog } from '../report-images/ImageSelectionDialog';
import { useImageSelectionGate } from '../report-images/use-image-selection-gate';

export interface EditorWorkspaceProps {
  study: StudyDetail;
  report: ReportView;
  mode: EditMode;
  userId: string;
  accountId: string | null;
  canCreatePhrase: boolean;
  run: (action: ReportActionKey, body?: unknown) => Promise<ReportView | null>;
  pending: ReportActionKey | null;
  onNarrationError: (error: unknown) => void;
  onLeave: () => void;
}

/**
 * The editor with its toolbar, autosave, dialogs and bottom bar, for one version and one
 * mode of the report (the page remounts it when either changes).
 */
export function EditorWorkspace({
  study,
  report,
  mode,
  userId,
  accountId,
  canCreatePhrase,
  run,
  pending,
  onNarrationError,
  onLeave,
}: EditorWorkspaceProps) {
  const { t } = useTranslation();
  const session = useSessionData();
  const hasCertificate = Boolean(session.personalKeyId);
  const veterinary = currentAccount(session)?.isForHuman === false;
  const studyId = study.id;
  const sources = useEditorSources(studyId, true);
  const phrases = usePhrases(accountId, '', mode.editable);
  const phraseList = useRef<Phrase[]>([]);
  useEffect(() => {
    phraseList.current = phrases.data ?? [];
  }, [phrases.data]);
  const lookupPhrase = useCallback((code: string) => findPhraseByCode(phraseList.current, code)?.phrase ?? null, []);

  const [editor, setEditor] = useState<Editor | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  // the audio recorder is a panel, not a dialog: it keeps recording while dialogs come and go
  const [recorderOpen, setRecorderOpen] = useState(false);
  const [recordingLock, setRecordingLock] = useState(false);
  const maskMode = recordingLock ? { ...mode, canChangeMask: false } : mode;
  const close = useCallback(() => setDialog(null), []);

  const initial = useInitialContent(studyId, report, mode, sources);
  const read = useCallback(() => editor?.getHTML() ?? '', [editor]);
  // Text put in by the program (another tab's, the default mask), not typed: no save of its own.
  const apply = useCallback(
    (html: string) => {
      if (editor && !editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false, parseOptions: PARSE_OPTIONS });
    },
    [editor],
  );
  const autosave = useDraftAutosave(
    {
      studyId,
      laudoId: report.laudoId,
      version: report.version,
      field: mode.field,
      userId,
      revision: initial?.revision ?? 0,
    },
    mode.autosave && initial !== null,
    { read, apply },
  );
  const { change: autosaveChange } = autosave;
  const onChange = useCallback((r: () => string) => autosaveChange(r), [autosaveChange]);

  useDraftBootstrap(studyId, editor, initial, mode, autosave, apply);

  const after = useCallback(
    (result: ReportView | null) => {
      if (!result) return false;
      if (shouldLeaveEditor(mode.editable, result.state)) {
        void clearLocalDraft(studyId);
        onLeave();
      }
      return true;
    },
    [mode.editable, studyId, onLeave],
  );
  const act = useCallback(
    async (action: ReportActionKey, body?: unknown) => {
      const ok = after(await run(action, body));
      if (ok) setDialog(null);
      return ok;
    },
    [run, after],
  );

  const structuredRef = useRef<StructuredEditorHandle>(null);
  // OIT/SISMAMA in 1/25 show the form (editable by the executor); other states show the saved rendering.
  const structuredForm = report.structuredType !== '' && [1, 25].includes(report.state);
  const structuredEditable =
    structuredForm && report.userId === userId && report.allowedActions.includes('save') && mode.finishAction === 'finish';

  // Finishing (not a review) goes through 'Selecionar Imagens' first when the study has images.
  const offerImages = useImageSelectionGate(studyId);
  const finishAfterImages = useCallback(() => {
    // With a registered A1 the author finishes and signs: the password dialog next (spec 2 §5).
    if (hasCertificate) setDialog('signFinish');
    else void act('finish', { content: structuredForm ? '' : read() });
  }, [hasCertificate, act, structuredForm, read]);
  const startFinish = useCallback(
    (action: ReportActionKey, content: string) => {
      if (action !== 'finish') {
        void act(action, { content });
        return;
      }
      void offerImages().then((offer) => (offer ? setDialog('images') : finishAfterImages()));
    },
    [act, offerImages, finishAfterImages],
  );

  const finish = useCallback(() => {
    if (structuredForm && mode.finishAction) {
      const action = mode.finishAction;
      void structuredRef.current?.validateForFinish().then((ok) => {
        if (ok) startFinish(action, '');
      });
      return;
    }
    if (!mode.finishAction || !editor || editor.isEmpty) return;
    const chars = (editor.storage.characterCount as { characters: () => number }).characters();
    if (chars > MAX_REPORT_CHARS) {
      notify(t('editor.overLimit'), 'error');
      return;
    }
    startFinish(mode.finishAction, read());
  }, [mode.finishAction, editor, read, t, structuredForm, startFinish]);

  const saveNow = useCallback(() => {
    if (mode.autosave) void autosave.flush();
    else if (mode.editable && report.allowedActions.includes('save')) void act('save', { content: read(), finish: false });
  }, [mode.autosave, mode.editable, report.allowedActions, autosave, act, read]);

  const openPhrasePicker = useCallback(() => setDialog('phrasePicker'), []);
  useEditorShortcuts({
    save: saveNow,
    finish: mode.finishAction && dialog === null ? finish : null,
    phrasePicker: mode.editable ? openPhrasePicker : null,
  });

  const allowedActions = report.allowedActions;
  const canEditHeader = useCanEditHeader(study.institutionId);
  const opinion = opinionMode(allowedActions);
  const autoOpened = useRef(false);
  useEffect(() => {
    if (opinion === 'decide' && !autoOpened.current) {
      autoOpened.current = true;
      setDialog('opinion');
    }
  }, [opinion]);

  // Spec 1 §4: the finding dialog opens by itself on the doctor's own report in state 1 with a suspicion.
  const suspicionToDecide =
    study.criticalFinding?.status === 'SUSPICION_CREATED' && report.state === 1 && report.userId === userId;
  const findingOpened = useRef(false);
  useEffect(() => {
    if (suspicionToDecide && !findingOpened.current) {
      findingOpened.current = true;
      setDialog('criticalFinding');
    }
  }, [suspicionToDecide]);

  const onToolbar = (b: Exclude<ToolbarButton, 'switchModel' | 'masksMenu'>) => {
    if (b === 'save')
      void act('save', { content: read(), finish: false }).then((ok) => {
        if (ok) void autosave.flush();
      });
    else if (b === 'secondOpinion') setDialog('opinion');
    else if (b === 'narrate') setRecorderOpen(true);
    else setDialog(b);
  };

  const insertPhrase = (p: Phrase) => {
    setDialog(null);
    if (!editor) return;
    // A phrase typed after a word starts as a new word.
    const { from } = editor.state.selection;
    const before = from > 1 ? editor.state.doc.textBetween(from - 1, from, '\n', '\n') : '';
    const html = phraseToHtml(p.phrase);
    editor
      .chain()
      .focus()
      .insertContent(before && !/\s/.test(before) ? ` ${html}` : html)
      .run();
  };

  const maskLoaded = (content: string) => {
    setDialog(null);
    if (!editor) return;
    editor.chain().setContent(content, { parseOptions: PARSE_OPTIONS }).focus('start').run();
    autosave.change(() => editor.getHTML());
    notify(t('editor.success.maskLoaded'), 'success', MASK_LOADED_VISIBLE_MS);
  };

  const reportEmpty = editor ? editor.isEmpty : report.contentEmpty;

  let editorArea;
  if (structuredForm)
    editorArea = (
      <StructuredEditor
        ref={structuredRef}
        studyId={studyId}
        model={report.structuredType as 'OIT' | 'SISMAMA'}
        editable={structuredEditable}
      />
    );
  else if (sources.content.isError) editorArea = <Alert severity="error">{t('editor.contentError')}</Alert>;
  else if (!initial)
    editorArea = (
      <Box sx={{ p: 3 }} aria-busy>
        <Skeleton width="60%" />
        <Skeleton width="90%" />
        <Skeleton width="80%" />
        <Skeleton width="40%" />
      </Box>
    );
  else
    editorArea = (
      <ReportEditor
        initialContent={mode.editable ? initial.content : initial.content || `<p><em>${t('editor.noContent')}</em></p>`}
        editable={mode.editable}
        lookupPhrase={lookupPhrase}
        onChange={mode.editable ? onChange : undefined}
        onEditor={setEditor}
      />
    );

  return (
    <Stack spacing={2}>
      {/* The narrating doctor reviews the typed text with the narration at hand (issue 17). */}
      {report.state === 25 && report.userId === userId && <NarrationPlayer studyId={studyId} ctrlSpace={false} />}
      {recorderOpen && (
        <NarrationRecorder
          studyId={studyId}
          onSent={(r) => after(r)}
          onError={onNarrationError}
          onClose={() => setRecorderOpen(false)}
          onMaskLock={setRecordingLock}
        />
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="editor-card">
        <Box sx={{ px: 1.5, py: 1, bgcolor: 'action.hover' }}>
          <ReportToolbar
            allowedActions={allowedActions}
            editable={mode.editable}
            canCreatePhrase={canCreatePhrase}
            canEditHeader={canEditHeader}
            canChangeMask={maskMode.canChangeMask}
            structuredType={report.structuredType as StructuredModel}
            pending={pending}
            onAction={onToolbar}
            onSwitchModel={(m) => void act('switchModel', { structuredType: m })}
            onMasks={(what) => setDialog(what === 'chooseMask' ? 'masks' : what === 'insertPhrase' ? 'phrasePicker' : what)}
          />
        </Box>
        <Divider />
        <ClinicalSummaryBar studyId={studyId} />
        <EditorNotices mode={mode} initial={initial} autosave={autosave} />
        {mode.editable && editor && (
          <>
            <FormattingBar
              editor={editor}
              disabled={!mode.editable}
              onPhrase={openPhrasePicker}
              extra={<DictationButton editor={editor} accountId={accountId} disabled={!mode.editable} />}
            />
            <Divider />
          </>
        )}
        <Box sx={{ bgcolor: 'background.paper' }}>{editorArea}</Box>
        <EditorStatusLine mode={mode} editor={editor} autosave={autosave} structuredEditable={structuredEditable} />
      </Paper>

      <BottomBar
        editor={editor}
        mode={maskMode}
        showOpinion={opinion !== null}
        pending={pending}
        onFinish={finish}
        onOpinion={() => setDialog('opinion')}
        onMask={() => setDialog('masks')}
        onTags={() => setDialog('tags')}
        structured={structuredForm}
        documents={
          <ReportDocumentButtons
            studyId={studyId}
            state={report.state}
            version={report.version}
            field={mode.field === 'reviewContent' ? 'review' : 'report'}
            canSign={allowedActions.includes('sign')}
            canShare={veterinary}
            read={read}
            onSign={() => setDialog('sign')}
            beforePreview={
              structuredForm ? () => structuredRef.current?.validateForFinish() ?? Promise.resolve(false) : undefined
            }
          />
        }
      />
      <ImageSelectionDialog
        open={dialog === 'images'}
        studyId={studyId}
        confirmLabel={t(hasCertificate ? 'reportImages.continue' : 'reportImages.finish')}
        pending={pending === 'finish'}
        onContinue={finishAfterImages}
        onClose={close}
      />
      <CertificatePasswordDialog
        key={`password-${dialog === 'sign' || dialog === 'signFinish'}`}
        open={dialog === 'sign' || dialog === 'signFinish'}
        confirmLabel={t(dialog === 'signFinish' ? 'documents.signAndFinish' : 'documents.sign')}
        pending={pending === 'sign' || pending === 'finishAndSign'}
        onSubmit={(personalKeyPassword) =>
          void (dialog === 'signFinish'
            ? act('finishAndSign', { content: read(), personalKeyPassword })
            : act('sign', { personalKeyPassword }))
        }
        onClose={close}
      />

      <WorkspaceDialogs
        dialog={dialog}
        onClose={close}
        act={act}
        pending={pending}
        study={study}
        report={report}
        mode={mode}
        userId={userId}
        accountId={accountId}
        canCreatePhrase={canCreatePhrase}
        editor={editor}
        read={read}
        opinion={opinion}
        reportEmpty={reportEmpty}
        onPhrase={insertPhrase}
        onMaskLoaded={maskLoaded}
      />
    </Stack>
  );
}

/** Key that remounts the workspace when the version or the mode changes. */
export function workspaceKey(report: ReportView, mode: EditMode): string {
  return `${report.laudoId}:${report.version}:${mode.field}:${mode.editable ? 'w' : 'r'}:${report.structuredType}`;
}
