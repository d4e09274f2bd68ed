import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import { toApiError } from '../../../lib/errors';
import type { DoctorPurpose } from '../api';
import { useDoctors } from '../use-editor-data';

/**
 * A doctor for the study (the server's list for the purpose), without the excluded ones
 * (the current doctor, the user); none → 'Sem médicos disponíveis'.
 */
export function DoctorSelect({
  studyId,
  purpose,
  exclude,
  value,
  onChange,
  label,
  error,
  open,
}: {
  studyId: string;
  purpose: DoctorPurpose;
  exclude: readonly (string | null)[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  error: string | null;
  open: boolean;
}) {
  const { t } = useTranslation();
  const doctors = useDoctors(studyId, purpose, open);
  if (doctors.isPending) return <Skeleton variant="rounded" height={56} />;
  if (doctors.isError) {
    const status = toApiError(doctors.error).status;
    return (
      <Alert severity="error">
        {status === 401 || status === 403 ? t('editor.changeDoctor.forbidden') : t('editor.changeDoctor.loadError')}
      </Alert>
    );
  }
  const list = (doctors.data ?? []).filter((d) => !exclude.includes(d.id));
  if (list.length === 0)
    return (
      <Alert severity="info" data-testid="no-doctors">
        {t('editor.changeDoctor.empty')}
      </Alert>
    );
  return (
    <FormControl fullWidth error={error !== null}>
      <InputLabel id="doctor-select-label">{label}</InputLabel>
      <Select labelId="doctor-select-label" label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
