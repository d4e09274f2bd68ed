import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PHRASE_CODE_MAX, PHRASE_TEXT_MAX } from '../../../../domain/workspace/phrases';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { SaveActions } from '../catalog/SaveActions';
import { type Phrase, materialKeys, savePhrase } from './api';

/** A standard phrase: code (1 to 6, upper case), title, text (up to 4000), modalities. */
export function PhraseDialog(props: {
  accountId: string;
  scope: 'account' | 'user';
  editing: Phrase | 'new';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = props.editing === 'new' ? null : props.editing;
  const [code, setCode] = useState(current?.code ?? '');
  const [title, setTitle] = useState(current?.title ?? '');
  const [phrase, setPhrase] = useState(current?.phrase ?? '');
  const [modalities, setModalities] = useState((current?.modalities ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      savePhrase(props.accountId, current?.id ?? null, {
        code,
        title,
        phrase,
        exams: current?.exams ?? [],
        modalities: modalities
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean),
        scope: props.scope,
      }),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: materialKeys.phrases });
      props.onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" data-testid="phrase-dialog">
      <DialogTitle>{current ? t('material.phrases.edit') : t('material.phrases.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('material.phrases.code')}
              value={code}
              autoFocus
              required
              onChange={(e) => setCode(e.target.value.toUpperCase().replace(/\s/g, ''))}
              helperText={t('material.phrases.codeHint')}
              sx={{ width: { sm: 160 } }}
              slotProps={{ htmlInput: { maxLength: PHRASE_CODE_MAX, 'data-testid': 'phrase-code' } }}
            />
            <TextField
              label={t('material.phrases.phraseTitle')}
              value={title}
              required
              onChange={(e) => setTitle(e.target.value)}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'phrase-title' } }}
            />
          </Stack>
          <TextField
            label={t('material.phrases.text')}
            value={phrase}
            required
            multiline
            minRows={4}
            onChange={(e) => setPhrase(e.target.value)}
            helperText={t('material.phrases.textCount', { count: phrase.length, max: PHRASE_TEXT_MAX })}
            error={phrase.length > PHRASE_TEXT_MAX}
            slotProps={{ htmlInput: { 'data-testid': 'phrase-text' } }}
          />
          <TextField
            label={t('material.phrases.modalities')}
            value={modalities}
            onChange={(e) => setModalities(e.target.value.toUpperCase())}
            helperText={t('material.phrases.modalitiesHint')}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'phrase-modalities' } }}
          />
          {error && (
            <Alert severity="error" data-testid="phrase-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={props.onClose}
        onSave={() => save.mutate()}
        disabled={!code || !title.trim() || !phrase.trim()}
        saving={save.isPending}
        testId="phrase-save"
      />
    </Dialog>
  );
}
