import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PetsIcon from '@mui/icons-material/Pets';
import { useThemeChoice } from './AppThemeProvider';

/** Brand mark and name ('Laudos' / 'Laudos Vet'); the tab's title is RouteFrame's (page · brand). */
export function BrandLogo({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  const { t } = useTranslation();
  const { brand } = useThemeChoice();
  const name = t(`app.brand.${brand}`);
  const Icon = brand === 'vet' ? PetsIcon : MonitorHeartIcon;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="brand" data-brand={brand}>
      <Icon fontSize={size === 'large' ? 'large' : 'medium'} aria-hidden />
      <Typography
        component="span"
        variant={size === 'large' ? 'h4' : 'h6'}
        sx={{ fontWeight: 700, letterSpacing: 0.5, whiteSpace: 'nowrap' }}
      >
        {name}
      </Typography>
    </Box>
  );
}
