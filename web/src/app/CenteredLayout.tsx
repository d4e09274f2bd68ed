import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { BrandLogo } from '../theme/BrandLogo';
import { ThemeSwitch } from '../theme/ThemeSwitch';
import { Footer } from './Footer';

/** Public-style page: brand, a centred card, language and theme switches, footer. */
export function CenteredLayout({ children, maxWidth = 420 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', p: 1, color: 'text.primary' }}>
        <LanguageSwitch />
        <ThemeSwitch />
      </Stack>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2 }}>
        <Stack spacing={3} sx={{ width: '100%', maxWidth, alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main' }}>
            <BrandLogo size="large" />
          </Box>
          <Paper variant="outlined" sx={{ width: '100%', p: { xs: 2.5, sm: 4 } }}>
            {children}
          </Paper>
        </Stack>
      </Box>
      <Footer />
    </Box>
  );
}
