import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { SaveActions } from '../catalog/SaveActions';
import { type ConnectionView, MAPPED_FIELDS, connectsKey, saveConnection } from './api';

type Field = (typeof MAPPED_FIELDS)[number];

/** A connection: its name, default flag and which DICOM tag fills which study field. */
export function ConnectionDialog({
  connectId,
  editing,
  onClose,
}: {
  connectId: string;
  editing: ConnectionView | 'new';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A phone gets the whole screen: the tag and its field stay readable side by side.
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const current = editing === 'new' ? null : editing;
  const [name, setName] = useState(current?.name ?? '');
  const [isDefault, setIsDefault] = useState(current?.isDefault ?? false);
  const [mapping, setMapping] = useState<{ tag: string; field: Field }[]>(current?.tagMapping ?? []);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveConnection(connectId, current?.id ?? null, { name, isDefault, tagMapping: mapping }),
    meta: { silent: true },
    onSuccess: () => {
      notify(t('catalog.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: connectsKey });
      onClose();
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const change = (i: number, patch: Partial<{ tag: string; field: Field }>) =>
    setMapping((m) => m.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} data-testid="connection-dialog">
      <DialogTitle>{current ? t('connects.connections.edit') : t('connects.connections.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('connects.fields.name')}
            value={name}
            autoFocus
            required
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'connection-name' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={isDefault}
                disabled={current?.isDefault}
                onChange={(e) => setIsDefault(e.target.checked)}
                data-testid="connection-default"
              />
            }
            label={current?.isDefault ? t('connects.connections.isDefaultLocked') : t('connects.connections.isDefault')}
          />
          <Typography variant="subtitle2">{t('connects.connections.mapping')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('connects.connections.mappingHint')}
          </Typography>
          {mapping.map((row, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`connection-map-${i}`}>
              <TextField
                size="small"
                label={t('connects.connections.tag')}
                value={row.tag}
                placeholder="0010,0020"
                onChange={(e) => change(i, { tag: e.target.value.toUpperCase() })}
                sx={{ width: 120, flexShrink: 0 }}
                slotProps={{ htmlInput: { maxLength: 9, 'data-testid': `connection-tag-${i}` } }}
              />
              <TextField
                select
                size="small"
                label={t('connects.connections.field')}
                value={row.field}
                onChange={(e) => change(i, { field: e.target.value as Field })}
                sx={{ flex: 1, minWidth: 0 }}
              >
                {MAPPED_FIELDS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`connects.mapped.${f}`)}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton
                aria-label={t('connects.connections.removeTag')}
                onClick={() => setMapping((m) => m.filter((_, j) => j !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => setMapping((m) => [...m, { tag: '', field: 'patientId' }])}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="connection-add-tag"
          >
            {t('connects.connections.addTag')}
          </Button>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <SaveActions
        onCancel={onClose}
        onSave={() => save.mutate()}
        disabled={!name.trim()}
        saving={save.isPending}
        testId="connection-save"
      />
    </Dialog>
  );
}
