/** The terms of use (public, /terms): the current version's text in the chosen language. */
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CenteredLayout } from '../../app/CenteredLayout';
import { TERMS_OF_USE, TERMS_VERSION } from '../../../../domain/auth/terms';
import { toLang } from '../../i18n/languages';

export function TermsPage() {
  const { t, i18n } = useTranslation();
  const terms = TERMS_OF_USE[toLang(i18n.language)];
  return (
    <CenteredLayout maxWidth={720}>
      <Stack spacing={2} component="article" data-testid="terms" aria-labelledby="terms-title">
        <div>
          <Typography id="terms-title" variant="h5" component="h1">
            {terms.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="terms-version">
            {t('signup.terms.version', { version: TERMS_VERSION })}
          </Typography>
        </div>
        {terms.sections.map((s) => (
          <section key={s.title}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {s.title}
            </Typography>
            <Typography variant="body2">{s.body}</Typography>
          </section>
        ))}
      </Stack>
    </CenteredLayout>
  );
}
