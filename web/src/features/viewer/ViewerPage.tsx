import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueries, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionIcon from '@mui/icons-material/Description';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { ViewerStudy } from '../../../../domain/imaging/viewer';
import { describeError } from '../../lib/errors';
import { fetchTags, fetchViewerStudy, viewerKeys } from './api';
import { gridOf } from './stack';
import { StackViewer } from './StackViewer';

/**
 * The multi-study viewer (spec 3 §2): `/studies/{ids}/viewer/{general|mpr}`, a grid of the
 * opened studies (current first), each with its top bar and a 2D stack viewer.
 */
export function ViewerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const mode = params.mode === 'mpr' ? 'mpr' : 'general';
  const ids = (params.studies ?? '').split(',').filter(Boolean);
  const [tagsOf, setTagsOf] = useState<ViewerStudy | null>(null);
  const queries = useQueries({
    queries: ids.map((id) => ({
      queryKey: viewerKeys.study(id, mode),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchViewerStudy(id, mode, signal),
      meta: { silent: true },
    })),
  });
  const remaining = queries.filter((q) => q.isPending).length;
  const grid = gridOf(ids.length);
  const close = (id: string) => {
    const rest = ids.filter((x) => x !== id);
    void navigate(`/studies/${rest.join(',')}/viewer/${mode}`);
  };

  if (remaining > 0) {
    return (
      <Stack
        sx={{ height: '100dvh', alignItems: 'center', justifyContent: 'center', bgcolor: 'black', color: 'grey.300' }}
        spacing={2}
      >
        <CircularProgress />
        <Typography data-testid="viewer-loading">{t('viewer.loading', { count: remaining })}</Typography>
      </Stack>
    );
  }
  return (
    <Box
      data-testid="viewer"
      sx={{
        height: '100dvh',
        display: 'grid',
        gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`,
        gridAutoRows: `minmax(0, ${100 / Math.min(grid.rows, 2)}%)`,
        gap: '2px',
        bgcolor: 'grey.800',
        overflow: 'auto',
      }}
    >
      {queries.map((q, i) => {
        const id = ids[i]!;
        const study = q.data;
        return (
          <Stack
            key={id}
            sx={{ minHeight: 0, bgcolor: 'black', color: 'grey.100', resize: 'both', overflow: 'hidden' }}
            data-testid={`viewer-tile-${i}`}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, py: 0.5, bgcolor: 'grey.900' }}>
              {i === 0 && (
                <Tooltip title={t('viewer.back')}>
                  <IconButton
                    size="small"
                    onClick={() => void navigate('/studies')}
                    aria-label={t('viewer.back')}
                    sx={{ color: 'grey.300' }}
                  >
                    <ArrowBackIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <Typography variant="body2" noWrap sx={{ flex: 1 }} data-testid={`viewer-study-${i}`}>
                {study ? `${study.accessionNumber ?? study.id.slice(0, 8)} - ${study.patientName}` : id}
              </Typography>
              {study && (
                <>
                  <Tooltip title={t('viewer.report')}>
                    <IconButton
                      size="small"
                      onClick={() => window.open(`/studies/report/${encodeURIComponent(study.id)}`, '_blank', 'noopener')}
                      aria-label={t('viewer.report')}
                      sx={{ color: 'grey.300' }}
                    >
                      <DescriptionIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('viewer.tags')}>
                    <IconButton
                      size="small"
                      onClick={() => setTagsOf(study)}
                      aria-label={t('viewer.tags')}
                      data-testid={`viewer-tags-${i}`}
                      sx={{ color: 'grey.300' }}
                    >
                      <LocalOfferIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
              {i > 0 && (
                <Tooltip title={t('viewer.close')}>
                  <IconButton size="small" onClick={() => close(id)} aria-label={t('viewer.close')} sx={{ color: 'grey.300' }}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            {q.isError ? (
              <Alert severity="error" sx={{ m: 1 }}>
                {describeError(q.error, t)}
              </Alert>
            ) : (
              study && <StackViewer study={study} testId={`viewer-stack-${i}`} />
            )}
          </Stack>
        );
      })}
      <TagsDialog study={tagsOf} onClose={() => setTagsOf(null)} />
    </Box>
  );
}

function TagsDialog({ study, onClose }: { study: ViewerStudy | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tags = useQuery({
    queryKey: viewerKeys.tags(study?.id ?? ''),
    queryFn: ({ signal }) => fetchTags(study!.id, signal),
    enabled: Boolean(study),
    meta: { silent: true },
  });
  return (
    <Dialog open={Boolean(study)} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('viewer.tagsTitle')}</DialogTitle>
      <DialogContent data-testid="viewer-tags-dialog">
        {tags.isPending ? (
          <CircularProgress size={24} />
        ) : tags.isError ? (
          <Alert severity="error">{describeError(tags.error, t)}</Alert>
        ) : tags.data.length === 0 ? (
          <Typography color="text.secondary">{t('viewer.noTags')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('viewer.tagCode')}</TableCell>
                <TableCell>{t('viewer.tagName')}</TableCell>
                <TableCell>{t('viewer.tagValue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.data.map((tag) => (
                <TableRow key={tag.code}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{tag.code}</TableCell>
                  <TableCell>{tag.Name}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{tag.Value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}
