import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { describeError } from '../../lib/errors';
import { fetchTags } from './api';

/** The study's DICOM tags (spec 2 `GET /studies/{id}/tags`), with a filter. */
export function TagsDialog({ studyId, title, onClose }: { studyId: string | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const tags = useQuery({
    queryKey: ['studyTags', studyId],
    queryFn: ({ signal }) => fetchTags(studyId!, signal),
    enabled: !!studyId,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const f = filter.trim().toLowerCase();
  const rows = (tags.data ?? []).filter(
    (tag) =>
      !f || tag.code.toLowerCase().includes(f) || tag.Name.toLowerCase().includes(f) || tag.Value.toLowerCase().includes(f),
  );
  return (
    <Dialog open={!!studyId} onClose={onClose} maxWidth="md" fullWidth data-testid="tags-dialog">
      <DialogTitle>
        {t('viewer.tags')} · {title}
      </DialogTitle>
      <DialogContent dividers>
        <TextField
          size="small"
          fullWidth
          label={t('viewer.tagsFilter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ mb: 1 }}
        />
        {tags.isPending && <Skeleton variant="rounded" height={200} />}
        {tags.isError && <Alert severity="error">{describeError(tags.error, t)}</Alert>}
        {tags.data?.length === 0 && <Alert severity="info">{t('viewer.noTags')}</Alert>}
        {rows.length > 0 && (
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{t('viewer.tagCode')}</TableCell>
                <TableCell>{t('viewer.tagName')}</TableCell>
                <TableCell>{t('viewer.tagValue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((tag) => (
                <TableRow key={tag.code}>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{tag.code}</TableCell>
                  <TableCell>{tag.Name}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{tag.Value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
