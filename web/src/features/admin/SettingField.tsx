import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AccountSettingKey,
  ACCOUNT_SETTINGS,
  type SettingDefinition,
  checkSettingInput,
} from '../../../../domain/accounts/settings';
import { toLang } from '../../i18n/languages';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { resetSetting, saveSetting } from './api';


/**
 * One setting of the registry as its type asks: boolean → switch, integer → number field with
 * its bounds, list → chips, text → text field; its description in the user's language; saved
 * (or restored to the default) on its own.
 */
export function SettingField({
  accountId,
  settingKey,
  value,
  customized,
  canManage,
  onSaved,
}: {
  accountId: string;
  settingKey: AccountSettingKey;
  value: unknown;
  customized: boolean;
  canManage: boolean;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const def: SettingDefinition = ACCOUNT_SETTINGS[settingKey];
  const [draft, setDraft] = useState<unknown>(value);
  const [pending, setPending] = useState('');
  const checked = checkSettingInput(settingKey, def.type === 'integer' && typeof draft === 'string' ? (draft === '' ? NaN : Number(draft)) : draft);
  const dirty = JSON.stringify(checked) !== JSON.stringify(value);
  const done = () => {
    notify(t('admin.saved'), 'success');
    onSaved();
  };
  const save = useMutation({ mutationFn: () => saveSetting(accountId, settingKey, checked), meta: { silent: true }, onSuccess: done });
  const reset = useMutation({
    mutationFn: () => resetSetting(accountId, settingKey),
    meta: { silent: true },
    onSuccess: (answer) => {
      setDraft(answer.value);
      done();
    },
  });
  const id = `setting-${settingKey}`;
  const show = (v: unknown): string =>
    typeof v === 'boolean'
      ? t(v ? 'admin.yes' : 'admin.no')
      : (Array.isArray(v) && v.length === 0) || v === ''
        ? t('admin.settings.empty')
        : Array.isArray(v)
          ? v.join(', ')
          : String(v);
  const invalid = checked === null;

  const addChip = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' && e.key !== ',') return;
    e.preventDefault();
    const item = pending.trim();
    if (item) setDraft([...((draft as string[]) ?? []), item]);
    setPending('');
  };

  let input;
  switch (def.type) {
    case 'boolean':
      input = (
        <FormControlLabel
          control={
            <Switch
              checked={draft === true}
              disabled={!canManage}
              onChange={(e) => setDraft(e.target.checked)}
              slotProps={{ input: { 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-desc`, 'data-testid': `${id}-input` } as object }}
            />
          }
          label={draft === true ? t('admin.yes') : t('admin.no')}
        />
      );
      break;
    case 'integer':
      input = (
        <TextField
          size="small"
          type="number"
          value={String(draft)}
          disabled={!canManage}
          onChange={(e) => setDraft(e.target.value)}
          error={invalid}
          helperText={t('admin.settings.bounds', { min: def.min, max: def.max })}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { min: def.min, max: def.max, 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-desc`, 'data-testid': `${id}-input` } }}
        />
      );
      break;
    case 'text':
      input = (
        <TextField
          size="small"
          fullWidth
          multiline
          maxRows={4}
          value={String(draft ?? '')}
          disabled={!canManage}
          onChange={(e) => setDraft(e.target.value)}
          error={invalid}
          helperText={`${String(draft ?? '').length}/${def.maxLength}`}
          slotProps={{ htmlInput: { 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-desc`, 'data-testid': `${id}-input` } }}
        />
      );
      break;
    case 'list':
      input = (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {((draft as string[]) ?? []).map((item, i) => (
              <Chip
                key={`${item}-${i}`}
                label={item}
                size="small"
                onDelete={canManage ? () => setDraft((draft as string[]).filter((_, j) => j !== i)) : undefined}
              />
            ))}
          </Stack>
          {canManage && (
            <TextField
              size="small"
              value={pending}
              onChange={(e) => setPending(e.target.value)}
              onKeyDown={addChip}
              placeholder={t('admin.settings.addItem')}
              error={invalid}
              slotProps={{ htmlInput: { 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-desc`, 'data-testid': `${id}-input` } }}
            />
          )}
        </Stack>
      );
      break;
    case 'object':
      return null;
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={id}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          {/* the inputs' name (aria-labelledby): the key the page shows as each setting's heading */}
          <Typography id={`${id}-title`} component="h2" variant="subtitle2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {settingKey}
          </Typography>
          {customized && <Chip size="small" color="primary" variant="outlined" label={t('admin.settings.customized')} />}
        </Stack>
        <Typography id={`${id}-desc`} variant="body2" color="text.secondary">
          {def.description[toLang(i18n.language)]} · {t('admin.settings.default', { value: show(def.default) })}
        </Typography>
        {input}
        {(save.isError || reset.isError) && <Alert severity="error">{describeError(save.error ?? reset.error, t)}</Alert>}
        {canManage && (
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              size="small"
              disabled={!dirty || invalid}
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid={`${id}-save`}
            >
              {t('admin.save')}
            </Button>
            <Button size="small" disabled={!customized} loading={reset.isPending} onClick={() => reset.mutate()} data-testid={`${id}-reset`}>
              {t('admin.settings.reset')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
