import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../../../domain/dates';
import { OPINION_CONCLUSIONS } from '../actions';
import { OPINION_MAX, OPINION_MIN } from '../editor/limits';
import { useOpinions } from '../use-editor-data';
import { DoctorSelect } from './DoctorSelect';

export type OpinionDialogMode = 'request' | 'give' | 'decide' | 'cancel';

export interface OpinionDialogProps {
  open: boolean;
  mode: OpinionDialogMode;
  studyId: string;
  userId: string;
  /** The report text is empty (request and 'agree' are refused, spec 2 §5). */
  reportEmpty: boolean;
  pending: boolean;
  onRequest: (body: { laudoOpinionUserId: string; description: string }) => void;
  onGive: (body: { status: 1 | 2 | 3; description: string }) => void;
  onAccept: () => void;
  onIgnore: () => void;
  onCancelRequest: () => void;
  onClose: () => void;
}

/** The opinion text with its remaining counter (3–255, spec 2 §5). */
function DescriptionField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  const { t } = useTranslation();
  return (
    <TextField
      fullWidth
      multiline
      minRows={3}
      label={t('editor.opinion.description')}
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, OPINION_MAX))}
      error={error !== null}
      helperText={error ?? t('editor.dialogs.remaining', { count: OPINION_MAX - value.length })}
      slotProps={{ htmlInput: { maxLength: OPINION_MAX, 'data-testid': 'opinion-description' } }}
    />
  );
}

function LatestOpinion({ studyId, open }: { studyId: string; open: boolean }) {
  const { t, i18n } = useTranslation();
  const opinions = useOpinions(studyId, open);
  if (opinions.isPending) return <Skeleton variant="rounded" height={80} />;
  const latest = opinions.data?.[0];
  if (!latest) return <Alert severity="warning">{t('editor.opinion.noDetails')}</Alert>;
  return (
    <Box sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="opinion-latest">
      <Typography variant="subtitle2">{t('editor.opinion.by', { name: latest.doctorName ?? '—' })}</Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {formatDateTime(latest.updatedAt, i18n.language)}
      </Typography>
      {latest.conclusion && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {latest.conclusion}
        </Typography>
      )}
      {latest.description && <Typography variant="body2">{latest.description}</Typography>}
      {latest.requestDescription && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
          {t('editor.opinion.request')}: {latest.requestDescription}
        </Typography>
      )}
    </Box>
  );
}

/** Request, give, include/ignore or cancel a second opinion (spec 2 §4, §5). */
export function SecondOpinionDialog(p: OpinionDialogProps) {
  const { t } = useTranslation();
  const [doctor, setDoctor] = useState('');
  const [description, setDescription] = useState('');
  const [status, setStatus] = useState<0 | 1 | 2 | 3>(0);
  const [tried, setTried] = useState(false);

  const shortText = description.trim().length < OPINION_MIN;
  const descriptionError = tried && shortText ? t('editor.dialogs.min3') : null;
  const titles = {
    request: 'editor.opinion.requestTitle',
    give: 'editor.opinion.giveTitle',
    decide: 'editor.opinion.decideTitle',
    cancel: 'editor.opinion.cancelTitle',
  } as const;

  let body;
  let actions;
  if (p.mode === 'request') {
    const missing = tried && (!doctor || shortText);
    body = p.reportEmpty ? (
      <Alert severity="warning">{t('editor.opinion.emptyReport')}</Alert>
    ) : (
      <Stack spacing={2} sx={{ pt: 1 }}>
        {missing && <Alert severity="warning">{t('editor.opinion.fieldsMissing')}</Alert>}
        <DoctorSelect
          open={p.open}
          studyId={p.studyId}
          purpose="opinion"
          exclude={[p.userId]}
          value={doctor}
          onChange={setDoctor}
          label={t('editor.opinion.doctor')}
          error={tried && !doctor ? t('editor.changeDoctor.none') : null}
        />
        <DescriptionField value={description} onChange={setDescription} error={descriptionError} />
      </Stack>
    );
    actions = (
      <Button
        variant="contained"
        disabled={p.reportEmpty}
        loading={p.pending}
        onClick={() => {
          setTried(true);
          if (doctor && !shortText) p.onRequest({ laudoOpinionUserId: doctor, description: description.trim() });
        }}
        data-testid="opinion-submit"
      >
        {t('editor.dialogs.send')}
      </Button>
    );
  } else if (p.mode === 'give') {
    const agreeBlocked = status === 1 && p.reportEmpty;
    body = (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <LatestOpinion studyId={p.studyId} open={p.open} />
        <FormControl error={tried && status === 0}>
          <FormLabel id="opinion-conclusion">{t('editor.opinion.conclusion')}</FormLabel>
          <RadioGroup
            aria-labelledby="opinion-conclusion"
            value={status === 0 ? '' : String(status)}
            onChange={(e) => setStatus(Number(e.target.value) as 1 | 2 | 3)}
          >
            {OPINION_CONCLUSIONS.map((c) => (
              <FormControlLabel key={c.status} value={String(c.status)} control={<Radio />} label={t(c.key)} />
            ))}
          </RadioGroup>
          {tried && status === 0 && <FormHelperText>{t('editor.opinion.chooseConclusion')}</FormHelperText>}
        </FormControl>
        {agreeBlocked && <Alert severity="warning">{t('editor.opinion.emptyReport')}</Alert>}
        <DescriptionField value={description} onChange={setDescription} error={descriptionError} />
      </Stack>
    );
    actions = (
      <Button
        variant="contained"
        loading={p.pending}
        disabled={agreeBlocked}
        onClick={() => {
          setTried(true);
          if (status !== 0 && !shortText) p.onGive({ status, description: description.trim() });
        }}
        data-testid="opinion-submit"
      >
        {t('editor.dialogs.send')}
      </Button>
    );
  } else if (p.mode === 'decide') {
    body = (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <LatestOpinion studyId={p.studyId} open={p.open} />
        <DialogContentText>{t('editor.opinion.decideHelp')}</DialogContentText>
      </Stack>
    );
    actions = (
      <>
        <Button onClick={p.onIgnore} disabled={p.pending} data-testid="opinion-ignore">
          {t('editor.opinion.ignore')}
        </Button>
        <Button variant="contained" onClick={p.onAccept} loading={p.pending} data-testid="opinion-accept">
          {t('editor.opinion.include')}
        </Button>
      </>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>{t('editor.opinion.pending')}</DialogContentText>
      </Stack>
    );
    actions = (
      <Button color="warning" variant="contained" onClick={p.onCancelRequest} loading={p.pending} data-testid="opinion-cancel">
        {t('editor.opinion.cancelRequest')}
      </Button>
    );
  }

  return (
    <Dialog open={p.open} onClose={p.onClose} maxWidth="sm" fullWidth data-testid="opinion-dialog" data-mode={p.mode}>
      <DialogTitle>{t(titles[p.mode])}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>{t('editor.dialogs.cancel')}</Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
