import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { HeaderHistoryEntry } from '../../../../domain/studies/header';
import { formatDateTime } from '../../../../domain/dates';
import { describeError } from '../../lib/errors';
import { fetchHeaderHistory, headerKeys } from './api';

const FIELD_KEYS = new Set([
  'patientName',
  'patientId',
  'socialName',
  'patientSex',
  'patientBirthDate',
  'patientAge',
  'patientWeight',
  'patientHeight',
  'patientResponsiblePerson',
  'patientSpecies',
  'patientBreed',
  'isCastrated',
  'accessionNumber',
  'examType',
  'referringPhysicianName',
  'operatorName',
  'healthPlan',
  'indicacaoExame',
  'historiaClinica',
]);

/** The header's edit history (who, when, each field before → after), newest first. */
export function HeaderHistory({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: headerKeys.history(studyId),
    queryFn: ({ signal }) => fetchHeaderHistory(studyId, signal),
  });
  const value = (v: unknown, key: string) => {
    if (v === null || v === undefined || v === '') return '—';
    if (key === 'dicomCreatedAt') return formatDateTime(String(v), i18n.language);
    if (typeof v === 'boolean') return v ? t('studyHeader.yes') : t('studyHeader.no');
    return String(v);
  };
  const label = (key: string) =>
    key === 'dicomCreatedAt'
      ? t('studyHeader.fields.examDate')
      : FIELD_KEYS.has(key)
        ? t(`studyHeader.fields.${key as 'patientName'}`)
        : key;
  const entry = (e: HeaderHistoryEntry) => (
    <Box key={e.id} component="li" sx={{ mb: 1 }} data-testid="header-history-entry">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {e.userName} · {formatDateTime(e.appliedAt ?? e.createdAt, i18n.language)}
      </Typography>
      {Object.keys(e.after).length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('studyHeader.history.noChange')}
        </Typography>
      ) : (
        Object.keys(e.after).map((k) => (
          <Typography key={k} variant="body2" color="text.secondary">
            {label(k)}: {value(e.before[k], k)} → {value(e.after[k], k)}
          </Typography>
        ))
      )}
    </Box>
  );

  let body;
  if (query.isError) body = <Alert severity="error">{describeError(query.error, t)}</Alert>;
  else if (!query.data) body = <Skeleton height={32} />;
  else if (query.data.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary" data-testid="header-history-empty">
        {t('studyHeader.history.empty')}
      </Typography>
    );
  else
    body = (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {query.data.map(entry)}
      </Box>
    );
  return (
    <Box component="section" data-testid="header-history">
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('studyHeader.history.title')}
      </Typography>
      {body}
    </Box>
  );
}
