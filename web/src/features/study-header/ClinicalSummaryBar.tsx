import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { fetchClinicalData, headerKeys } from './api';

/**
 * The clinical summary bar (spec 2 §2): the exam indication and clinical history when the
 * study has them; nothing at all otherwise (no empty bar above the report).
 */
export function ClinicalSummaryBar({ studyId }: { studyId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: headerKeys.clinical(studyId),
    queryFn: ({ signal }) => fetchClinicalData(studyId, signal),
  });
  const items = query.data ?? [];
  if (items.length === 0) return null;
  return (
    <Alert severity="info" icon={false} square data-testid="clinical-summary" sx={{ py: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        {items.map((item) => (
          <Typography
            key={item.typeData}
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap' }}
            data-testid={`clinical-${item.typeData}`}
          >
            <strong>{t(`studyHeader.clinical.${item.typeData}`)}:</strong> {item.clinicalData}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
