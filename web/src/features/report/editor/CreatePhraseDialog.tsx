import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notify } from '../../../app/notifications/store';
import { describeError } from '../../../lib/errors';
import { createPhrase } from '../api';
import { normalizePhraseCode, validatePhrase, type PhraseDraft } from './phrases';

const EMPTY: PhraseDraft = { code: '', title: '', phrase: '' };

/** Create phrase (spec 1 §5): code 1–6 upper-cased, title and text at least 3. */
export function CreatePhraseDialog({
  open,
  accountId,
  initialText,
  onClose,
}: {
  open: boolean;
  accountId: string;
  initialText: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PhraseDraft>(EMPTY);
  const [tried, setTried] = useState(false);
  const errors = validatePhrase(draft);
  const save = useMutation({
    mutationFn: () =>
      createPhrase(accountId, { code: draft.code.trim(), title: draft.title.trim(), phrase: draft.phrase.trim() }),
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['phrases', accountId] });
      notify(t('editor.success.phraseCreated'), 'success');
      onClose();
    },
  });
  const field = (name: keyof PhraseDraft) => ({
    value: draft[name],
    error: tried && errors[name] !== undefined,
    helperText: tried && errors[name] ? t(errors[name]) : ' ',
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      data-testid="create-phrase-dialog"
      slotProps={{
        transition: {
          onEnter: () => {
            setDraft({ ...EMPTY, phrase: initialText });
            setTried(false);
            save.reset();
          },
        },
      }}
    >
      <DialogTitle>{t('editor.phrases.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {save.isError && <Alert severity="error">{describeError(save.error, t)}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              autoFocus
              label={t('editor.phrases.code')}
              {...field('code')}
              onChange={(e) => setDraft({ ...draft, code: normalizePhraseCode(e.target.value) })}
              sx={{ width: { sm: 140 } }}
              slotProps={{ htmlInput: { maxLength: 6, 'data-testid': 'phrase-code', style: { textTransform: 'uppercase' } } }}
            />
            <TextField
              fullWidth
              label={t('editor.phrases.title')}
              {...field('title')}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'phrase-title' } }}
            />
          </Stack>
          <TextField
            fullWidth
            multiline
            minRows={4}
            label={t('editor.phrases.text')}
            {...field('phrase')}
            onChange={(e) => setDraft({ ...draft, phrase: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'phrase-text' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.dialogs.cancel')}</Button>
        <Button
          variant="contained"
          loading={save.isPending}
          onClick={() => {
            setTried(true);
            if (Object.keys(errors).length === 0) save.mutate();
          }}
          data-testid="phrase-save"
        >
          {t('editor.phrases.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
