import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../lib/errors';
import { describeError } from '../../lib/errors';
import { labelProblem, LABEL_NAME_MAX, normaliseLabel } from './labels';
import { useLabelMutations, useLabelSuggestions, useStudyLabels } from './use-labels';

interface Props {
  accountId: string | null;
  studyId: string | null;
  title: string;
  onClose: () => void;
}

/** Labels of one study: chips with delete, an autocomplete (200 ms, ≥ 2 letters) and add. */
export function StudyLabelsDialog({ accountId, studyId, title, onClose }: Props) {
  return studyId ? (
    <LabelsDialogBody key={studyId} accountId={accountId} studyId={studyId} title={title} onClose={onClose} />
  ) : null;
}

function LabelsDialogBody({ accountId, studyId, title, onClose }: Props & { studyId: string }) {
  const { t } = useTranslation();
  const labels = useStudyLabels(accountId, studyId);
  const { add, remove } = useLabelMutations(accountId, studyId);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const suggestions = useLabelSuggestions(accountId, text);
  const current = labels.data ?? [];
  const options = (suggestions.data ?? []).map((l) => l.name).filter((n) => !current.some((c) => c.name === n));

  const serverMessage = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'LABEL_DUPLICATE') return err.description ?? t('studies.labels.duplicate');
    if (err instanceof ApiError && err.code === 'LABEL_MIN_2_LETTERS') return err.description ?? t('studies.labels.minLetters');
    if (err instanceof ApiError && err.description) return err.description;
    return describeError(err, t);
  };

  const submit = (raw: string) => {
    const problem = labelProblem(raw, current);
    if (problem) {
      setMessage(t(`studies.labels.${problem}`));
      return;
    }
    setMessage(null);
    add.mutate(normaliseLabel(raw), {
      onSuccess: () => setText(''),
      onError: (err) => setMessage(serverMessage(err)),
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="study-labels-dialog">
      <DialogTitle>
        {t('studies.labels.title')}
        <Typography variant="body2" color="text.secondary" component="div">
          {title}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 0.75, mb: 2, minHeight: 32 }}
          data-testid="study-labels-chips"
        >
          {labels.isPending && <Skeleton variant="rounded" width={160} height={24} />}
          {labels.isError && <Alert severity="error">{t('studies.labels.loadError')}</Alert>}
          {labels.isSuccess && current.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('studies.labels.none')}
            </Typography>
          )}
          {current.map((l) => (
            <Chip
              key={l.id}
              label={l.name}
              size="small"
              onDelete={() => remove.mutate(l.id, { onError: (err) => setMessage(serverMessage(err)) })}
              title={t('studies.labels.remove', { name: l.name })}
              data-testid={`label-chip-${l.name}`}
            />
          ))}
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit(text);
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Autocomplete
              freeSolo
              fullWidth
              size="small"
              options={options}
              filterOptions={(o) => o}
              inputValue={text}
              onInputChange={(_e, v, reason) => {
                if (reason !== 'reset') setText(v);
                setMessage(null);
              }}
              onChange={(_e, v) => {
                if (typeof v === 'string' && v) setText(v);
              }}
              loading={suggestions.isFetching}
              noOptionsText={t('studies.labels.noOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={t('studies.labels.input')}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, maxLength: LABEL_NAME_MAX + 10, 'data-testid': 'label-input' },
                  }}
                />
              )}
            />
            <Button type="submit" variant="contained" disabled={add.isPending || !text.trim()} data-testid="label-add">
              {t('studies.labels.add')}
            </Button>
          </Stack>
        </form>
        {message && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="label-message" onClose={() => setMessage(null)}>
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="labels-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
