import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { describeError } from '../../../lib/errors';
import { fetchMaskContent } from '../api';
import { useMaskSections } from '../use-editor-data';
import { MASK_SECTIONS, type MaskItem } from './masks';

/** The mask chooser (spec 2 §2): 'My masks', by institution, by modality, by exam. */
export function MaskChooser({
  open,
  studyId,
  onLoaded,
  onClose,
}: {
  open: boolean;
  studyId: string;
  onLoaded: (content: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const sections = useMaskSections(studyId, open);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const choose = async (mask: MaskItem) => {
    setLoading(mask.id);
    setError(null);
    try {
      onLoaded(await fetchMaskContent(mask.id));
    } catch (err) {
      setError(err);
    } finally {
      setLoading(null);
    }
  };
  const total = sections.data ? MASK_SECTIONS.reduce((n, s) => n + (sections.data?.[s].length ?? 0), 0) : 0;

  let body;
  if (sections.isPending) body = <Skeleton variant="rounded" height={160} />;
  else if (sections.isError) body = <Alert severity="error">{describeError(sections.error, t)}</Alert>;
  else if (sections.data === null) body = <Alert severity="info">{t('editor.masks.unavailable')}</Alert>;
  else if (total === 0) body = <Typography color="text.secondary">{t('editor.masks.empty')}</Typography>;
  else
    body = (
      <List dense disablePadding>
        {MASK_SECTIONS.filter((s) => (sections.data?.[s].length ?? 0) > 0).map((s) => (
          <li key={s}>
            <ul style={{ padding: 0 }}>
              <ListSubheader sx={{ bgcolor: 'background.paper', lineHeight: '36px' }}>{t(`editor.masks.${s}`)}</ListSubheader>
              {sections.data?.[s].map((m) => (
                <ListItemButton
                  key={`${s}-${m.id}`}
                  onClick={() => void choose(m)}
                  disabled={loading !== null}
                  data-testid={`mask-${m.id}`}
                >
                  <ListItemText primary={m.title} />
                  {m.isDefault && <Chip size="small" label={t('editor.masks.default')} />}
                </ListItemButton>
              ))}
            </ul>
          </li>
        ))}
      </List>
    );

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="mask-chooser">
      <DialogTitle>{t('editor.masks.title')}</DialogTitle>
      {loading !== null && <LinearProgress />}
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('editor.masks.replaceWarning')}
        </Typography>
        {error !== null && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {t('editor.masks.loadError')} {describeError(error, t)}
          </Alert>
        )}
        {body}
      </DialogContent>
    </Dialog>
  );
}
