import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';

/** The ten recovery codes, shown this once: copy or download them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${t('twoFactor.recovery.fileTitle')}\n\n${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'laudos-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={1.5} data-testid="two-factor-recovery">
      <Typography variant="subtitle1" component="h3">
        {t('twoFactor.recovery.title')}
      </Typography>
      <Alert severity="warning">{t('twoFactor.recovery.intro')}</Alert>
      <Box
        component="ol"
        data-testid="two-factor-recovery-codes"
        sx={{
          m: 0,
          p: 1.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' },
          columnGap: 4,
          rowGap: 0.5,
          fontFamily: 'monospace',
          fontSize: 16,
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={copy} variant="outlined" data-testid="two-factor-recovery-copy">
          {copied ? t('twoFactor.copied') : t('twoFactor.recovery.copy')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={download} variant="outlined" data-testid="two-factor-recovery-download">
          {t('twoFactor.recovery.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
