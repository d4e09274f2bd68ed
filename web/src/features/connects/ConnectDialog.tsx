import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { fetchAllInstitutions, institutionsKey } from '../institutions/api';
import { SaveActions } from '../catalog/SaveActions';
import { type ConnectView, connectsKey, createConnect, updateConnect } from './api';

type NumberField =
  'storePort' | 'worklistPort' | 'queryRetrievePort' | 'uploadIntervalSeconds' | 'pollIntervalSeconds' | 'retentionDays';
const PORTS: NumberField[] = ['storePort', 'worklistPort', 'queryRetrievePort'];
const TIMES: NumberField[] = ['uploadIntervalSeconds', 'pollIntervalSeconds', 'retentionDays'];

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A Connect's settings; creating one answers its first key, which `onKey` shows once. */
export function ConnectDialog({
  editing,
  onClose,
  onKey,
}: {
  editing: ConnectView | 'new';
  onClose: () => void;
  onKey: (key: string, connectName: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const current = editing === 'new' ? null : editing;
  const [name, setName] = useState(current?.name ?? '');
  const [institutionId, setInstitutionId] = useState(current?.institutionId ?? '');
  const [active, setActive] = useState(current?.active ?? true);
  const [aeTitle, setAeTitle] = useState(current?.aeTitle ?? '');
  const [folders, setFolders] = useState({
    importFolder: current?.importFolder ?? '',
    downloadFolder: current?.downloadFolder ?? '',
  });
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    storePort: text(current?.storePort),
    worklistPort: text(current?.worklistPort),
    queryRetrievePort: text(current?.queryRetrievePort),
    uploadIntervalSeconds: text(current?.uploadIntervalSeconds ?? 10),
    pollIntervalSeconds: text(current?.pollIntervalSeconds ?? 30),
    retentionDays: text(current?.retentionDays ?? 7),
  });
  const [error, setError] = useState<string | null>(null);
  const institutions = useQuery({ queryKey: [...institutionsKey, 'all'], queryFn: ({ signal }) => fetchAllInstitutions(signal) });
  const save = useMutation({
    mutationFn: async () => {
      const port = (f: NumberField) => (numbers[f].trim() ? Number(numbers[f]) : null);
      const body = {
        name,
        institutionId,
        active,
        aeTitle,
        importFolder: folders.importFolder || null,
        downloadFolder: folders.downloadFolder || null,
        storePort: port('storePort'),
        worklistPort: port('worklistPort'),
        queryRetrievePort: port('queryRetrievePort'),
        uploadIntervalSeconds: Number(numbers.uploadIntervalSeconds),
        pollIntervalSeconds: Number(numbers.pollIntervalSeconds),
        retentionDays: Number(numbers.retentionDays),
      };
      if (current) return { key: null, ...(await updateConnect(current.id, body)) };
      return createConnect(body);
    },
    meta: { silent: true },
    onSuccess: (answer) => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: connectsKey });
      onClose();
      if (answer.key) onKey(answer.key, answer.connect.name);
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const numberField = (f: NumberField) => (
    <TextField
      key={f}
      type="number"
      label={t(`connects.fields.${f}`)}
      value={numbers[f]}
      onChange={(e) => setNumbers((n) => ({ ...n, [f]: e.target.value }))}
      sx={{ flex: 1, minWidth: 120 }}
      slotProps={{ htmlInput: { min: 0, 'data-testid': `connect-${f}` } }}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} data-testid="connect-dialog">
      <DialogTitle>{current ? t('connects.edit') : t('connects.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('connects.fields.name')}
            value={name}
            autoFocus
            required
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'connect-name' } }}
          />
          <TextField
            select
            required
            label={t('connects.fields.institution')}
            value={institutionId}
            onChange={(e) => setInstitutionId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'connect-institution' } }}
          >
            {(institutions.data?.institutions ?? []).map((i) => (
              <MenuItem key={i.id} value={i.id} data-testid={`connect-institution-option-${i.name}`}>
                {i.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label={t('connects.fields.aeTitle')}
              value={aeTitle}
              onChange={(e) => setAeTitle(e.target.value.toUpperCase())}
              helperText={t('connects.aeTitleHint')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 16, 'data-testid': 'connect-ae-title' } }}
            />
            <FormControlLabel
              control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} data-testid="connect-active" />}
              label={t('connects.fields.active')}
            />
          </Stack>
          <Typography variant="subtitle2">{t('connects.ports')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {PORTS.map(numberField)}
          </Stack>
          <Typography variant="subtitle2">{t('connects.folders')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['importFolder', 'downloadFolder'] as const).map((f) => (
              <TextField
                key={f}
                label={t(`connects.fields.${f}`)}
                value={folders[f]}
                onChange={(e) => setFolders((v) => ({ ...v, [f]: e.target.value }))}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 500, 'data-testid': `connect-${f}` } }}
              />
            ))}
          </Stack>
          <Typography variant="subtitle2">{t('connects.times')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {TIMES.map(numberField)}
          </Stack>
          {error && (
            <Alert severity="error" data-testid="connect-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!name.trim() || !institutionId}
        saving={save.isPending}
        testId="connect-save"
      />
    </Dialog>
  );
}
