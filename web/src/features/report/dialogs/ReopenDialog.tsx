import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import TextField from '@mui/material/TextField';
import { REOPEN_MOTIVES, type ReopenMotive } from '../../../../../domain/laudo/inputs';
import { OPINION_MAX } from '../editor/limits';

/** Reopen with justification (spec 1 §5): four reasons, 'other' with at least 3 characters. */
export function ReopenDialog({
  open,
  review,
  pending,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** Reopen review (a reviewer exists) rather than reopen report. */
  review: boolean;
  pending: boolean;
  onSubmit: (body: { motive: ReopenMotive; open?: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [motive, setMotive] = useState<ReopenMotive | ''>('');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const textError = motive === 'OTHER' && text.trim().length < 3;
  const submit = () => {
    setTried(true);
    if (!motive || textError) return;
    onSubmit(motive === 'OTHER' ? { motive, open: text.trim() } : { motive });
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="reopen-dialog">
      <DialogTitle>{t(review ? 'editor.reopen.titleReview' : 'editor.reopen.titleReopen')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('editor.reopen.intro')}</DialogContentText>
        <FormControl error={tried && !motive}>
          <FormLabel id="reopen-reason">{t('editor.reopen.reason')}</FormLabel>
          <RadioGroup aria-labelledby="reopen-reason" value={motive} onChange={(e) => setMotive(e.target.value as ReopenMotive)}>
            {REOPEN_MOTIVES.map((m) => (
              <FormControlLabel
                key={m}
                value={m}
                control={<Radio />}
                label={t(`editor.reopen.${m}`)}
                data-testid={`reopen-${m}`}
              />
            ))}
          </RadioGroup>
          {tried && !motive && <FormHelperText>{t('editor.reopen.reasonRequired')}</FormHelperText>}
        </FormControl>
        {motive === 'OTHER' && (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            label={t('editor.reopen.otherLabel')}
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, OPINION_MAX))}
            error={tried && textError}
            helperText={
              tried && textError ? t('editor.dialogs.min3') : t('editor.dialogs.remaining', { count: OPINION_MAX - text.length })
            }
            slotProps={{ htmlInput: { 'data-testid': 'reopen-other-text' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.dialogs.cancel')}</Button>
        <Button variant="contained" color="warning" onClick={submit} loading={pending} data-testid="reopen-submit">
          {t('editor.reopen.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
