import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MEASURE_MAX, MEASURE_MIN, MEASURE_STEP, examDay, type UpdateDataResponse } from '../../../../domain/studies/header';
import { notify } from '../../app/notifications/store';
import { describeError, toApiError } from '../../lib/errors';
import { reportKeys } from '../report/query-keys';
import { ageLabel } from './age-label';
import { fetchUpdateData, headerKeys, saveHeader } from './api';
import { HeaderHistory } from './HeaderHistory';
import { type FormProblems, type HeaderForm, formAge, formProblems, formToEdit, headerToForm } from './form';

export interface StudyHeaderDialogProps {
  /** The study whose header is edited; null when closed. */
  studyId: string | null;
  onClose: () => void;
  /** "Today" for the date rules (tests pin it). */
  now?: () => Date;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

/** The form, mounted once the header has loaded, with its own state. */
function HeaderFormBody({
  studyId,
  data,
  now,
  onClose,
}: {
  studyId: string;
  data: UpdateDataResponse;
  now: () => Date;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState<HeaderForm>(() => headerToForm(data.header));
  const [form, setForm] = useState<HeaderForm>(initial);
  const problems: FormProblems = formProblems(form, now());
  const blocked = Object.keys(problems).length > 0 || !data.canSave;
  const age = formAge(form);
  const today = examDay(now());

  const save = useMutation({
    mutationFn: () => saveHeader(studyId, formToEdit(form, data.veterinary, initial)),
    onSuccess: (saved) => {
      queryClient.setQueryData(headerKeys.updateData(studyId), saved);
      void queryClient.invalidateQueries({ queryKey: reportKeys.study(studyId) });
      notify(t('studyHeader.saved'), 'success');
      onClose();
    },
    onError: (error) => {
      // Another edit is being applied: a warning, and the dialog closes (spec 2 §8).
      if (toApiError(error).code === 'HEADER_EDIT_IN_PROGRESS') {
        notify(t('studyHeader.inProgress'), 'warning');
        onClose();
      }
    },
  });

  const set =
    <K extends keyof HeaderForm>(key: K) =>
    (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value as HeaderForm[K] }));
  const field = (key: keyof HeaderForm, label: string, extra: TextFieldProps = {}) => (
    <TextField
      size="small"
      label={label}
      value={form[key]}
      onChange={set(key)}
      disabled={!data.canSave || extra.disabled}
      slotProps={{ htmlInput: { 'data-testid': `header-${key}` } }}
      {...extra}
    />
  );
  const dateHelp = (p: FormProblems['patientBirthDate']) => (p ? t(`studyHeader.problems.${p}`) : undefined);
  const measure = (key: 'patientWeight' | 'patientHeight', label: string) =>
    field(key, label, {
      type: 'number',
      error: Boolean(problems[key]),
      helperText: problems[key] ? t('studyHeader.problems.range') : undefined,
      slotProps: {
        htmlInput: { min: MEASURE_MIN, max: MEASURE_MAX, step: MEASURE_STEP, 'data-testid': `header-${key}` },
      },
    });

  const saveError = save.error && toApiError(save.error).code !== 'HEADER_EDIT_IN_PROGRESS' ? save.error : null;
  return (
    <>
      <DialogContent dividers>
        {!data.canSave && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('studyHeader.readOnly')}
          </Alert>
        )}
        <Section title={t('studyHeader.patientSection')}>
          {field('patientName', t('studyHeader.fields.patientName'), {
            required: true,
            error: Boolean(problems.patientName),
            helperText: problems.patientName ? t('studyHeader.problems.required') : undefined,
          })}
          {field('patientId', t('studyHeader.fields.patientId'), {
            required: true,
            error: Boolean(problems.patientId),
            helperText: problems.patientId ? t('studyHeader.problems.required') : undefined,
          })}
          {field('socialName', t('studyHeader.fields.socialName'))}
          {field('patientSex', t('studyHeader.fields.patientSex'), {
            select: true,
            children: [
              <MenuItem key="none" value="">
                {t('studyHeader.sex.none')}
              </MenuItem>,
              ...(['M', 'F', 'O'] as const).map((sex) => (
                <MenuItem key={sex} value={sex}>
                  {t(`studyHeader.sex.${sex}`)}
                </MenuItem>
              )),
            ],
          })}
          {field('patientBirthDate', t('studyHeader.fields.patientBirthDate'), {
            type: 'date',
            error: Boolean(problems.patientBirthDate),
            helperText: dateHelp(problems.patientBirthDate),
            slotProps: {
              inputLabel: { shrink: true },
              htmlInput: { max: today, 'data-testid': 'header-patientBirthDate' },
            },
          })}
          {field('patientAge', t('studyHeader.fields.patientAge'), {
            // With a birth date the age is computed and the field is disabled (spec 2 §5).
            disabled: Boolean(form.patientBirthDate),
            value: form.patientBirthDate ? (age ? ageLabel(t, age) : '') : form.patientAge,
            helperText: form.patientBirthDate ? t('studyHeader.ageComputed') : undefined,
          })}
          {measure('patientWeight', t('studyHeader.fields.patientWeight'))}
          {measure('patientHeight', t('studyHeader.fields.patientHeight'))}
          {data.veterinary && (
            <>
              {field('patientResponsiblePerson', t('studyHeader.fields.patientResponsiblePerson'))}
              {field('patientSpecies', t('studyHeader.fields.patientSpecies'))}
              {field('patientBreed', t('studyHeader.fields.patientBreed'))}
              {field('isCastrated', t('studyHeader.fields.isCastrated'), {
                select: true,
                children: [
                  <MenuItem key="none" value="">
                    {t('studyHeader.sex.none')}
                  </MenuItem>,
                  <MenuItem key="yes" value="yes">
                    {t('studyHeader.yes')}
                  </MenuItem>,
                  <MenuItem key="no" value="no">
                    {t('studyHeader.no')}
                  </MenuItem>,
                ],
              })}
            </>
          )}
        </Section>
        <Section title={t('studyHeader.examSection')}>
          {field('examDate', t('studyHeader.fields.examDate'), {
            type: 'datetime-local',
            error: Boolean(problems.examDate),
            helperText: dateHelp(problems.examDate) ?? t('studyHeader.timeZone'),
            slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'header-examDate' } },
          })}
          {field('accessionNumber', t('studyHeader.fields.accessionNumber'))}
          {field('examType', t('studyHeader.fields.examType'))}
          <TextField size="small" label={t('studyHeader.fields.mainModality')} value={data.header.mainModality ?? ''} disabled />
          {field('referringPhysicianName', t('studyHeader.fields.referringPhysicianName'))}
          {field('operatorName', t('studyHeader.fields.operatorName'))}
          {field('healthPlan', t('studyHeader.fields.healthPlan'))}
          <TextField
            size="small"
            label={t('studyHeader.fields.institutionName')}
            value={data.header.institutionName ?? ''}
            disabled
          />
          {field('indicacaoExame', t('studyHeader.fields.indicacaoExame'), { multiline: true, minRows: 2 })}
          {field('historiaClinica', t('studyHeader.fields.historiaClinica'), { multiline: true, minRows: 2 })}
        </Section>
        <HeaderHistory studyId={studyId} />
        {saveError && (
          <Alert severity="error" data-testid="header-save-error">
            {describeError(saveError, t)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('studyHeader.cancel')}</Button>
        <Button
          variant="contained"
          disabled={blocked}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="header-save"
        >
          {t('studyHeader.save')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Loads the header each time the dialog opens (mounted only while open). */
function HeaderDialogContent({ studyId, onClose, now }: { studyId: string; onClose: () => void; now: () => Date }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: headerKeys.updateData(studyId),
    queryFn: ({ signal }) => fetchUpdateData(studyId, signal),
    // Always read afresh on opening: the header strip may hold a recent copy, but whether an
    // edit is in progress must be current.
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const fresh = query.isFetchedAfterMount && query.data !== undefined;
  // Opened while an edit is being applied: a warning, and the dialog closes (spec 2 §8).
  const inProgress = fresh && query.data?.editInProgress === true;
  useEffect(() => {
    if (inProgress) {
      notify(t('studyHeader.inProgress'), 'warning');
      onClose();
    }
  }, [inProgress, onClose, t]);

  if (query.isError)
    return (
      <DialogContent>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeError(query.error, t)}
        </Alert>
      </DialogContent>
    );
  if (!fresh || inProgress || !query.data)
    return (
      <DialogContent aria-busy data-testid="header-loading">
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </DialogContent>
    );
  // The form reads the header once: a refetch (a live update) must not reset what is typed.
  return <HeaderFormBody studyId={studyId} data={query.data} now={now} onClose={onClose} />;
}

/** "Edit data and image header" (spec 1 §2 toolbar, spec 2 §2): patient data and exam data. */
export function StudyHeaderDialog({ studyId, onClose, now = () => new Date() }: StudyHeaderDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={studyId !== null} onClose={onClose} maxWidth="md" fullWidth data-testid="study-header-dialog">
      <DialogTitle>{t('studyHeader.title')}</DialogTitle>
      {studyId !== null && <HeaderDialogContent studyId={studyId} onClose={onClose} now={now} />}
    </Dialog>
  );
}
