import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_ROLES, DEFAULT_ROLE_NAMES, type DefaultRoleName } from '../../../../domain/auth/default-roles';
import { AREA_LABELS, PERMISSION_LABELS } from '../../../../domain/auth/permission-labels';
import { PERMISSION_AREAS, type Permission, type PermissionArea } from '../../../../domain/auth/permissions';
import type { Lang } from '../../../../domain/errors/entry';
import type { Role, RoleInput, Schedule } from './api';

/**
 * The role editor (spec 3 §6): name, the catalogue area by area with 'select area', 'add all
 * permissions of a predefined role', apply to all institutions (future ones included) and an
 * optional shift schedule.
 */
export function RoleEditor(props: {
  role: Role | null;
  schedules: Schedule[];
  saving: boolean;
  error: string | null;
  onSave: (input: RoleInput) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = (['pt-BR', 'en', 'es'].includes(i18n.language) ? i18n.language : 'pt-BR') as Lang;
  const fullScreen = useMediaQuery('(max-width:600px)');
  const [name, setName] = useState(props.role?.name ?? '');
  const [chosen, setChosen] = useState<Set<string>>(new Set(props.role?.permissions ?? []));
  const [all, setAll] = useState(props.role?.appliesToAllInstitutions ?? false);
  const [scheduleId, setScheduleId] = useState(props.role?.scheduleId ?? '');
  const [predefined, setPredefined] = useState<DefaultRoleName | ''>('');
  const [touched, setTouched] = useState(false);

  const toggle = (p: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(p);
      else next.delete(p);
      return next;
    });
  const toggleArea = (area: PermissionArea, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const p of PERMISSION_AREAS[area])
        if (on) next.add(p);
        else next.delete(p);
      return next;
    });
  const importRole = () => {
    if (!predefined) return;
    setChosen((prev) => new Set([...prev, ...DEFAULT_ROLES[predefined]]));
  };
  const nameMissing = touched && !name.trim();

  return (
    <Dialog open onClose={props.onClose} fullScreen={fullScreen} maxWidth="md" fullWidth data-testid="role-editor">
      <DialogTitle>{props.role ? t('adminRoles.roles.edit') : t('adminRoles.roles.create')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t('adminRoles.name')}
            value={name}
            required
            error={nameMissing}
            helperText={nameMissing ? t('adminRoles.nameRequired') : undefined}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'role-name' } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              select
              size="small"
              label={t('adminRoles.roles.predefined')}
              value={predefined}
              onChange={(e) => setPredefined(e.target.value as DefaultRoleName)}
              sx={{ minWidth: 220 }}
              slotProps={{ htmlInput: { 'data-testid': 'role-predefined' } }}
            >
              {DEFAULT_ROLE_NAMES.map((n) => (
                <MenuItem key={n} value={n}>
                  {t(`adminRoles.defaultRoles.${n}`)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" disabled={!predefined} onClick={importRole} data-testid="role-import">
              {t('adminRoles.roles.importPermissions')}
            </Button>
          </Stack>
          <FormControlLabel
            control={<Switch checked={all} onChange={(e) => setAll(e.target.checked)} data-testid="role-all-institutions" />}
            label={t('adminRoles.roles.allInstitutions')}
          />
          <TextField
            select
            size="small"
            label={t('adminRoles.roles.schedule')}
            value={scheduleId}
            onChange={(e) => setScheduleId(e.target.value)}
            helperText={t('adminRoles.roles.scheduleHint')}
            slotProps={{ htmlInput: { 'data-testid': 'role-schedule' } }}
          >
            <MenuItem value="">{t('adminRoles.roles.noSchedule')}</MenuItem>
            {props.schedules.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="subtitle2">{t('adminRoles.roles.permissions', { count: chosen.size })}</Typography>
          {(Object.keys(PERMISSION_AREAS) as PermissionArea[]).map((area) => {
            const perms = PERMISSION_AREAS[area] as readonly Permission[];
            const held = perms.filter((p) => chosen.has(p)).length;
            return (
              <Box key={area} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid={`area-${area}`}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={held === perms.length}
                      indeterminate={held > 0 && held < perms.length}
                      onChange={(e) => toggleArea(area, e.target.checked)}
                      slotProps={{ input: { 'aria-label': t('adminRoles.roles.selectArea', { area: AREA_LABELS[area][lang] }) } }}
                    />
                  }
                  label={<Typography sx={{ fontWeight: 600 }}>{AREA_LABELS[area][lang]}</Typography>}
                />
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pl: { xs: 1, sm: 4 } }}>
                  {perms.map((p) => (
                    <FormControlLabel
                      key={p}
                      control={
                        <Checkbox
                          size="small"
                          checked={chosen.has(p)}
                          onChange={(e) => toggle(p, e.target.checked)}
                          data-testid={`perm-${p}`}
                        />
                      }
                      label={<Typography variant="body2">{PERMISSION_LABELS[p][lang]}</Typography>}
                    />
                  ))}
                </Box>
              </Box>
            );
          })}
          {props.error && (
            <Alert severity="error" data-testid="role-error">
              {props.error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('adminRoles.cancel')}</Button>
        <Button
          variant="contained"
          loading={props.saving}
          data-testid="role-save"
          onClick={() => {
            setTouched(true);
            if (!name.trim()) return;
            props.onSave({
              name: name.trim(),
              permissions: [...chosen],
              appliesToAllInstitutions: all,
              scheduleId: scheduleId || null,
            });
          }}
        >
          {t('adminRoles.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
