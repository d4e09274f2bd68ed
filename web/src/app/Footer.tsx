import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** 'versão 3.0.0' and the build id (spec 3 §9). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 1.5, px: 2, textAlign: 'center', color: 'text.secondary' }} data-testid="footer">
      <Typography variant="caption">
        {t('app.version', { version: __APP_VERSION__ })} · {t('app.build', { id: __BUILD_ID__ })}
      </Typography>
    </Box>
  );
}
