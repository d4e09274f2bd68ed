import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notify } from '../../app/notifications/store';
import { COUNCILS, UFS, formatCpf, isValidCpf } from '../../../../domain/people/professional-id';
import { describeError } from '../../lib/errors';
import { fetchProfessionalId, saveProfessionalId } from './api';

const professionalKey = ['documents', 'professional-id'] as const;

interface Draft {
  cpf: string;
  type: '' | (typeof COUNCILS)[number];
  number: string;
  uf: string;
}

/**
 * The user's CPF and professional council (issue 12), beside the A1 they belong with: the A1
 * must name this CPF, and the council is printed under the signature. The server checks it all
 * again; the form only says early what it would refuse.
 */
export function ProfessionalIdForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: professionalKey,
    queryFn: ({ signal }) => fetchProfessionalId(signal),
    meta: { silent: true },
  });
  const [draft, setDraft] = useState<Draft>({ cpf: '', type: '', number: '', uf: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const d = current.data;
    if (d)
      setDraft({
        cpf: d.cpf ? formatCpf(d.cpf) : '',
        type: d.council?.type ?? '',
        number: d.council?.number ?? '',
        uf: d.council?.uf ?? '',
      });
  }, [current.data]);

  const save = useMutation({
    mutationFn: () =>
      saveProfessionalId({
        cpf: draft.cpf.trim() || null,
        council: draft.type ? { type: draft.type, number: draft.number.trim(), uf: draft.uf as (typeof UFS)[number] } : null,
      }),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(professionalKey, saved);
      setError(null);
      notify(t('documents.professional.saved'), 'success');
    },
    onError: (err) => setError(describeError(err, t)),
  });

  const cpfWrong = draft.cpf.trim() !== '' && !isValidCpf(draft.cpf);
  const councilIncomplete = draft.type !== '' && (!draft.number.trim() || !draft.uf);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="professional-id">
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle1">{t('documents.professional.title')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('documents.professional.intro')}
          </Typography>
        </Box>
        {current.isPending ? (
          <Skeleton width="60%" />
        ) : current.isError ? (
          <Alert severity="error">{t('documents.professional.loadError')}</Alert>
        ) : (
          <>
            <TextField
              label={t('documents.professional.cpf')}
              value={draft.cpf}
              onChange={(e) => set({ cpf: e.target.value })}
              error={cpfWrong}
              helperText={cpfWrong ? t('documents.professional.cpfInvalid') : ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14, 'data-testid': 'professional-cpf' } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('documents.professional.council')}
                value={draft.type}
                onChange={(e) => set({ type: e.target.value as Draft['type'] })}
                sx={{ minWidth: 140 }}
                slotProps={{ htmlInput: { 'data-testid': 'professional-council' } }}
              >
                <MenuItem value="">{t('documents.professional.councilNone')}</MenuItem>
                {COUNCILS.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('documents.professional.number')}
                value={draft.number}
                disabled={!draft.type}
                onChange={(e) => set({ number: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 14, 'data-testid': 'professional-number' } }}
              />
              <TextField
                select
                label={t('documents.professional.uf')}
                value={draft.uf}
                disabled={!draft.type}
                onChange={(e) => set({ uf: e.target.value })}
                sx={{ minWidth: 100 }}
                slotProps={{ htmlInput: { 'data-testid': 'professional-uf' } }}
              >
                {UFS.map((uf) => (
                  <MenuItem key={uf} value={uf}>
                    {uf}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {councilIncomplete && <Alert severity="warning">{t('documents.professional.incomplete')}</Alert>}
            {error && (
              <Alert severity="error" data-testid="professional-error">
                {error}
              </Alert>
            )}
            <Box>
              <Button
                variant="contained"
                disabled={cpfWrong || councilIncomplete}
                loading={save.isPending}
                onClick={() => save.mutate()}
                data-testid="professional-save"
              >
                {t('documents.professional.save')}
              </Button>
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}
