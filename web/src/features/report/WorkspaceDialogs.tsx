import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { ReportView } from '../../../../domain/studies/schemas';
import { CriticalFindingDialog } from '../findings/CriticalFindingDialog';
import { StudyHeaderDialog } from '../study-header/StudyHeaderDialog';
import { StudyLabelsDialog } from '../studies/StudyLabelsDialog';
import type { ReportActionKey } from './actions';
import type { StudyDetail } from './api';
import { ChangeDoctorDialog } from './dialogs/ChangeDoctorDialog';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { DisassociateDialog } from './dialogs/DisassociateDialog';
import { ReopenDialog } from './dialogs/ReopenDialog';
import { SecondOpinionDialog } from './dialogs/SecondOpinionDialog';
import { CreateMaskDialog } from './editor/CreateMaskDialog';
import { CreatePhraseDialog } from './editor/CreatePhraseDialog';
import type { EditMode } from './editor/edit-mode';
import { MaskChooser } from './editor/MaskChooser';
import type { Phrase } from './editor/phrases';
import { PhrasePicker } from './editor/PhrasePicker';
import type { opinionMode } from './editor/toolbar';

/** The dialog the workspace has open (one at a time). */
export type DialogKind =
  | 'criticalFinding'
  | 'reopen'
  | 'reopenReview'
  | 'disassociate'
  | 'changeDoctor'
  | 'opinion'
  | 'requestReview'
  | 'returnToNotStarted'
  | 'phrasePicker'
  | 'createPhrase'
  | 'createMask'
  | 'tags'
  | 'masks'
  | 'editHeader'
  | 'sign'
  | 'signFinish'
  | 'images';

export interface WorkspaceDialogsProps {
  dialog: DialogKind | null;
  onClose: () => void;
  /** Runs a report action; true when it succeeded (the dialog is closed then). */
  act: (action: ReportActionKey, body?: unknown) => Promise<boolean>;
  pending: ReportActionKey | null;
  study: StudyDetail;
  report: ReportView;
  mode: EditMode;
  userId: string;
  accountId: string | null;
  canCreatePhrase: boolean;
  editor: Editor | null;
  /** The editor's text now (HTML). */
  read: () => string;
  opinion: ReturnType<typeof opinionMode>;
  reportEmpty: boolean;
  onPhrase: (phrase: Phrase) => void;
  onMaskLoaded: (content: string) => void;
}

/** The report's action and catalogue dialogs around the editor (EditorWorkspace opens them). */
export function WorkspaceDialogs({
  dialog,
  onClose: close,
  act,
  pending,
  study,
  report,
  mode,
  userId,
  accountId,
  canCreatePhrase,
  editor,
  read,
  opinion,
  reportEmpty,
  onPhrase,
  onMaskLoaded,
}: WorkspaceDialogsProps) {
  const { t } = useTranslation();
  const studyId = study.id;
  return (
    <>
      <CriticalFindingDialog
        accountId={accountId}
        studyId={dialog === 'criticalFinding' ? studyId : null}
        title={[study.patientName, study.accessionNumber].filter(Boolean).join(' · ')}
        onClose={close}
      />
      <ReopenDialog
        key={`reopen-${dialog === 'reopen' || dialog === 'reopenReview'}`}
        open={dialog === 'reopen' || dialog === 'reopenReview'}
        review={dialog === 'reopenReview'}
        pending={pending === 'reopen' || pending === 'reopenReview'}
        onSubmit={(body) => void act(dialog === 'reopenReview' ? 'reopenReview' : 'reopen', body)}
        onClose={close}
      />
      <DisassociateDialog
        open={dialog === 'disassociate'}
        studies={report.studyIds.length}
        pending={pending === 'disassociate'}
        onSubmit={(all) => void act('disassociate', { all })}
        onClose={close}
      />
      <ChangeDoctorDialog
        key={`doctor-${dialog === 'changeDoctor'}`}
        open={dialog === 'changeDoctor'}
        studyId={study.id}
        currentDoctorId={report.userId}
        currentDoctorName={report.doctorName}
        pending={pending === 'changeDoctor'}
        onSubmit={(id) => void act('changeDoctor', { performingPhysician: id })}
        onClose={close}
      />
      {opinion && (
        <SecondOpinionDialog
          key={`opinion-${opinion}-${dialog === 'opinion'}`}
          open={dialog === 'opinion'}
          mode={opinion}
          studyId={studyId}
          userId={userId}
          reportEmpty={reportEmpty}
          pending={pending !== null && pending.toLowerCase().includes('opinion')}
          onRequest={(body) => void act('requestOpinion', { ...body, laudoContent: read() })}
          onGive={(body) => void act('giveOpinion', body)}
          onAccept={() => void act('acceptOpinion')}
          onIgnore={() => void act('ignoreOpinion')}
          onCancelRequest={() => void act('cancelOpinion')}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={dialog === 'requestReview'}
        title={t('editor.dialogs.requestReviewTitle')}
        text={t('editor.dialogs.requestReviewText')}
        confirmLabel={t('editor.toolbar.requestReview')}
        pending={pending === 'requestReview'}
        onConfirm={() => void act('requestReview', mode.editable ? { content: read() } : {})}
        onClose={close}
        testId="request-review-dialog"
      />
      <ConfirmDialog
        open={dialog === 'returnToNotStarted'}
        title={t('editor.dialogs.returnTitle')}
        text={t('editor.dialogs.returnText')}
        pending={pending === 'returnToNotStarted'}
        onConfirm={() => void act('returnToNotStarted')}
        onClose={close}
        testId="return-dialog"
      />
      {mode.editable && <PhrasePicker open={dialog === 'phrasePicker'} accountId={accountId} onPick={onPhrase} onClose={close} />}
      {canCreatePhrase && accountId && (
        <CreatePhraseDialog
          open={dialog === 'createPhrase'}
          accountId={accountId}
          initialText={
            editor && !editor.state.selection.empty
              ? editor.state.doc.textBetween(editor.state.selection.from, editor.state.selection.to, '\n')
              : ''
          }
          onClose={close}
        />
      )}
      {mode.canChangeMask && <MaskChooser open={dialog === 'masks'} studyId={studyId} onLoaded={onMaskLoaded} onClose={close} />}
      {mode.editable && (
        <CreateMaskDialog
          key={`mask-${dialog === 'createMask'}`}
          open={dialog === 'createMask'}
          modalities={study.modalities}
          content={() => editor?.getHTML() ?? ''}
          onClose={close}
        />
      )}
      <StudyHeaderDialog studyId={dialog === 'editHeader' ? studyId : null} onClose={close} />
      <StudyLabelsDialog
        accountId={accountId}
        studyId={dialog === 'tags' ? studyId : null}
        title={`${study.patientName} · ${study.accessionNumber ?? ''}`}
        onClose={close}
      />
    </>
  );
}
