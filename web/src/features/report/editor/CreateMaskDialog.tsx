import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notify } from '../../../app/notifications/store';
import { describeError } from '../../../lib/errors';
import { createMask } from '../api';
import { reportKeys } from '../query-keys';

/**
 * Create mask (spec 1 §2 masks menu, §5: a mask needs a title and a modality): the current
 * text becomes a personal mask ('My masks') of one of the study's modalities.
 */
export function CreateMaskDialog({
  open,
  modalities,
  content,
  onClose,
}: {
  open: boolean;
  modalities: readonly string[];
  /** The editor's HTML when the dialog opened. */
  content: () => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [modality, setModality] = useState(modalities[0] ?? '');
  const [isDefault, setIsDefault] = useState(false);
  const [tried, setTried] = useState(false);
  const missing = title.trim() === '' || modality === '';
  const save = useMutation({
    mutationFn: () => createMask({ title: title.trim(), modality, content: content(), isDefault }),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...reportKeys.all, 'masks'] });
      notify(t('editor.masks.created'), 'success');
      onClose();
    },
  });
  const submit = () => {
    setTried(true);
    if (!missing) save.mutate();
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="create-mask-dialog">
      <DialogTitle>{t('editor.masks.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('editor.masks.maskTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={tried && title.trim() === ''}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'mask-title' } }}
          />
          <TextField
            select
            label={t('editor.masks.modality')}
            value={modality}
            onChange={(e) => setModality(e.target.value)}
            error={tried && modality === ''}
          >
            {modalities.map((m) => (
              <MenuItem key={m} value={m}>
                {m}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />}
            label={t('editor.masks.makeDefault')}
          />
          {tried && missing && <Alert severity="warning">{t('editor.masks.titleModalityRequired')}</Alert>}
          {save.isError && <Alert severity="error">{describeError(save.error, t)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.dialogs.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="mask-save">
          {t('editor.masks.createTitle')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
