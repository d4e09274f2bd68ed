import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DraftConflict } from './use-draft-autosave';

/** The words of a stored HTML text, one paragraph a line (never rendered as HTML). */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|tr)>/gi, '</$1>\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

function Side({ title, html, testId }: { title: string; html: string; testId: string }) {
  const { t } = useTranslation();
  const text = plainText(html);
  return (
    <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box
        data-testid={testId}
        tabIndex={0}
        sx={{
          mt: 0.5,
          p: 1,
          maxHeight: 200,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: 14,
        }}
      >
        {text || <em>{t('editor.conflict.empty')}</em>}
      </Box>
    </Box>
  );
}

/**
 * Two texts of one draft (issue 23): this tab's and the one another tab or window saved.
 * Nothing is saved until the user keeps one.
 */
export function DraftConflictPanel({
  conflict,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: DraftConflict;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" square data-testid="draft-conflict" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('editor.conflict.title')}</AlertTitle>
      <Typography variant="body2">{t('editor.conflict.text')}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1.5 }}>
        <Side title={t('editor.conflict.mine')} html={conflict.mine} testId="draft-conflict-mine" />
        <Side title={t('editor.conflict.theirs')} html={conflict.theirs} testId="draft-conflict-theirs" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <Button variant="contained" onClick={onKeepMine} data-testid="draft-keep-mine">
          {t('editor.conflict.keepMine')}
        </Button>
        <Button variant="outlined" onClick={onTakeTheirs} data-testid="draft-take-theirs">
          {t('editor.conflict.takeTheirs')}
        </Button>
      </Stack>
    </Alert>
  );
}
