import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { ATTACHMENT_MAX_BYTES, extensionOf, type Attachment } from '../../../../domain/attachments/attachments';
import { formatDateTime } from '../../../../domain/dates';
import { ApiError, describeError } from '../../lib/errors';
import { attachmentLink, deleteAttachment, fetchAttachments, fetchAttachmentTypes, uploadAttachment } from './api';

export const attachmentKeys = {
  list: (studyId: string) => ['attachments', studyId] as const,
  types: ['attachmentTypes'] as const,
};

const kb = (n: number) => `${Math.max(1, Math.round(n / 1024)).toLocaleString()} KB`;

/** Attachments of a study (spec 2 §2): list, upload by type, preview (PDF or image), download, delete. */
export function AttachmentsDialog({ studyId, title, onClose }: { studyId: string | null; title: string; onClose: () => void }) {
  return studyId ? <AttachmentsBody key={studyId} studyId={studyId} title={title} onClose={onClose} /> : null;
}

function AttachmentsBody({ studyId, title, onClose }: { studyId: string; title: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: attachmentKeys.list(studyId),
    queryFn: ({ signal }) => fetchAttachments(studyId, signal),
    meta: { silent: true },
  });
  const types = useQuery({
    queryKey: attachmentKeys.types,
    queryFn: ({ signal }) => fetchAttachmentTypes(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const [typeId, setTypeId] = useState('');
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [preview, setPreview] = useState<{ url: string; attachment: Attachment } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(studyId) });
  const fail = (title: string) => (err: unknown) =>
    setMessage({
      severity: 'error',
      text: `${title}: ${err instanceof ApiError && err.description ? err.description : describeError(err, t)}`,
    });
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachment(studyId, typeId, file),
    onSuccess: () => {
      setMessage({ severity: 'success', text: t('attachments.uploaded') });
      refresh();
    },
    onError: (err) =>
      setMessage({
        severity: 'error',
        text: err instanceof ApiError && err.description ? err.description : t('attachments.uploadFailed'),
      }),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteAttachment(studyId, id),
    onSuccess: refresh,
    onError: fail(t('attachments.deleteError')),
    meta: { silent: true },
  });
  const type = types.data?.find((x) => x.id === typeId);

  const pick = (file: File | undefined) => {
    if (!file || !type) return;
    setMessage(null);
    // The server checks again; this only saves a doomed upload.
    if (!type.extensionsAllowed.includes(extensionOf(file.name)))
      return setMessage({ severity: 'error', text: t('attachments.extensionNotAllowed') });
    if (file.size > ATTACHMENT_MAX_BYTES) return setMessage({ severity: 'error', text: t('attachments.tooLarge') });
    upload.mutate(file);
  };
  const open = async (a: Attachment, download: boolean) => {
    try {
      const url = await attachmentLink(studyId, a.id);
      if (download) window.location.assign(`${url}?download=1`);
      else setPreview({ url, attachment: a });
    } catch (err) {
      fail(t('attachments.loadError'))(err);
    }
  };
  const can = list.data?.can;

  return (
    <>
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="attachments-dialog">
        <DialogTitle>
          {t('attachments.title')} · {title}
        </DialogTitle>
        <DialogContent dividers>
          {list.isPending && <Skeleton variant="rounded" height={80} />}
          {list.isError && <Alert severity="error">{`${t('attachments.loadError')}: ${describeError(list.error, t)}`}</Alert>}
          {list.data?.attachments.length === 0 && (
            <Alert severity="info" data-testid="attachments-empty">
              {t('attachments.empty')}
            </Alert>
          )}
          <List dense>
            {list.data?.attachments.map((a) => (
              <ListItem
                key={a.id}
                data-testid="attachment-item"
                secondaryAction={
                  <Stack direction="row">
                    {can?.download && (
                      <>
                        <Tooltip title={t('attachments.preview')}>
                          <IconButton
                            onClick={() => void open(a, false)}
                            aria-label={t('attachments.preview')}
                            data-testid="attachment-preview"
                          >
                            <VisibilityOutlinedIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('attachments.download')}>
                          <IconButton onClick={() => void open(a, true)} aria-label={t('attachments.download')}>
                            <DownloadIcon />
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                    {can?.delete && (
                      <Tooltip title={t('attachments.delete')}>
                        <IconButton
                          onClick={() => remove.mutate(a.id)}
                          aria-label={t('attachments.delete')}
                          data-testid="attachment-delete"
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Stack>
                }
              >
                <ListItemIcon>{a.previewType === 'PDF' ? <PictureAsPdfOutlinedIcon /> : <ImageOutlinedIcon />}</ListItemIcon>
                <ListItemText
                  primary={a.filename}
                  secondary={[a.attachmentType, kb(a.sizeInBytes), formatDateTime(a.createdAt, i18n.language), a.createdBy]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
          {can?.create && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label={t('attachments.type')}
                value={typeId}
                onChange={(e) => setTypeId(e.target.value)}
                sx={{ minWidth: 220 }}
                helperText={type ? t('attachments.allowed', { extensions: type.extensionsAllowed.join(', ') }) : ' '}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'attachment-type' } as object } }}
              >
                {types.data?.map((x) => (
                  <MenuItem key={x.id} value={x.id} data-testid={`attachment-type-${x.title}`}>
                    {x.title}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                startIcon={<UploadFileIcon />}
                disabled={!type || upload.isPending}
                onClick={() => input.current?.click()}
                data-testid="attachment-upload"
              >
                {t('attachments.upload')}
              </Button>
              <input
                ref={input}
                type="file"
                hidden
                accept={type?.extensionsAllowed.map((e) => `.${e}`).join(',')}
                onChange={(e) => {
                  pick(e.target.files?.[0]);
                  e.target.value = '';
                }}
                data-testid="attachment-file"
              />
            </Stack>
          )}
          {upload.isPending && <LinearProgress sx={{ mt: 1 }} aria-label={t('attachments.uploading')} />}
          {message && (
            <Alert severity={message.severity} sx={{ mt: 2 }} onClose={() => setMessage(null)} data-testid="attachment-message">
              {message.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={!!preview} onClose={() => setPreview(null)} maxWidth="lg" fullWidth data-testid="attachment-preview-dialog">
        <DialogTitle>{preview?.attachment.filename}</DialogTitle>
        <DialogContent sx={{ height: '75vh', p: 0 }}>
          {preview &&
            (preview.attachment.previewType === 'PDF' ? (
              <Box
                component="iframe"
                title={preview.attachment.filename}
                src={preview.url}
                sx={{ border: 0, width: '100%', height: '100%' }}
              />
            ) : (
              <Box
                component="img"
                alt={preview.attachment.filename}
                src={preview.url}
                sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
              />
            ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
