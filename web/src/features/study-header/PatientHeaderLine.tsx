import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { computeAge, examDay } from '../../../../domain/studies/header';
import { formatDate } from '../../../../domain/dates';
import { ageLabel } from './age-label';
import { fetchUpdateData, headerKeys } from './api';

/**
 * The patient line of the report header strip: sex, birth date, age, weight, height. Read
 * from update-data, so it follows a header edit (the study's live document refetches it).
 */
export function PatientHeaderLine({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: headerKeys.updateData(studyId),
    queryFn: ({ signal }) => fetchUpdateData(studyId, signal),
  });
  const h = query.data?.header;
  if (!h) return null;
  const age = h.patientBirthDate && h.dicomCreatedAt ? computeAge(h.patientBirthDate, examDay(new Date(h.dicomCreatedAt))) : null;
  const parts = [
    h.patientSex && t(`studyHeader.sex.${h.patientSex}`),
    // noon UTC is the same calendar day in America/Sao_Paulo
    h.patientBirthDate &&
      `${t('studyHeader.fields.patientBirthDate')}: ${formatDate(`${h.patientBirthDate}T12:00:00Z`, i18n.language)}`,
    age ? ageLabel(t, age) : h.patientAge,
    h.patientWeight !== null && `${t('studyHeader.fields.patientWeight')}: ${h.patientWeight}`,
    h.patientHeight !== null && `${t('studyHeader.fields.patientHeight')}: ${h.patientHeight}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="report-patient-details">
      {parts.join(' · ')}
    </Typography>
  );
}
