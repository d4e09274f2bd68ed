import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { commentRemaining } from '../../../../domain/findings/comments';
import { formatDateTime } from '../../../../domain/dates';
import { ApiError, describeError } from '../../lib/errors';
import { useCommentMutations, useStudyComments } from './use-findings';

interface Props {
  studyId: string | null;
  title: string;
  onClose: () => void;
}

/** Comments of a study: oldest first, a 250-character box, read marks set on opening. */
export function CommentsDialog({ studyId, ...rest }: Props) {
  return studyId ? <CommentsBody key={studyId} studyId={studyId} {...rest} /> : null;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');

function CommentsBody({ studyId, title, onClose }: Props & { studyId: string }) {
  const { t, i18n } = useTranslation();
  const comments = useStudyComments(studyId);
  const { post, markRead } = useCommentMutations(studyId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remaining = commentRemaining(text);
  const over = remaining < 0;
  const end = useRef<HTMLDivElement>(null);
  const count = comments.data?.length ?? 0;

  // Opening the panel reads the comments; new ones scroll into view.
  const { mutate: markAllRead } = markRead;
  useEffect(() => {
    if (count > 0) markAllRead();
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, markAllRead]);

  const send = () => {
    if (!text.trim() || over) return;
    post.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (err) => setError(err instanceof ApiError && err.description ? err.description : describeError(err, t)),
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="comments-dialog">
      <DialogTitle>
        {t('comments.title')}
        <Typography variant="body2" color="text.secondary" component="div">
          {title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ minHeight: 200 }}>
        {comments.isPending && <Skeleton variant="rounded" height={80} />}
        {comments.isError && <Alert severity="error">{describeError(comments.error, t)}</Alert>}
        {comments.data?.length === 0 && (
          <Typography color="text.secondary" data-testid="comments-empty">
            {t('comments.empty')}
          </Typography>
        )}
        <Stack spacing={2} data-testid="comments-list">
          {comments.data?.map((c) => (
            <Stack key={c.id} direction="row" spacing={1.5} data-testid="comment-item">
              <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{initials(c.userFullname)}</Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" component="span">
                  {c.userFullname}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {formatDateTime(c.createdAt, i18n.language)}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.comment}
                </Typography>
              </Box>
            </Stack>
          ))}
          <div ref={end} />
        </Stack>
      </DialogContent>
      <Box
        component="form"
        sx={{ px: 3, pt: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <TextField
          fullWidth
          multiline
          maxRows={4}
          label={t('comments.input')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              send();
            }
          }}
          error={over}
          helperText={over ? t('comments.tooLong') : t('comments.remaining', { count: remaining })}
          slotProps={{
            htmlInput: { 'data-testid': 'comment-input' },
            formHelperText: { 'data-testid': 'comment-helper' } as object,
          }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </Box>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          endIcon={<SendIcon />}
          onClick={send}
          disabled={!text.trim() || over || post.isPending}
          data-testid="comment-send"
        >
          {t('comments.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
