import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatDateTime } from '../../../../domain/dates';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import {
  type Profile,
  SIGNATURE_ACCEPT,
  SIGNATURE_MAX_BYTES,
  fetchSignature,
  profileKey,
  removeSignature,
  uploadSignature,
} from './api';
import { CardLoading } from './CardLoading';
import { ProfileCard } from './ProfileCard';
import { useProfile } from './useProfile';

/** The stored image as an object URL (its request needs the session header an <img src> cannot send). */
function useSignatureUrl(updatedAt: string | null): string | null {
  const image = useQuery({
    queryKey: [...profileKey, 'signature', updatedAt],
    queryFn: fetchSignature,
    enabled: Boolean(updatedAt),
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return setUrl(null);
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  return updatedAt ? url : null;
}

/** The signature image drawn above the name in signed reports (spec 3 §5/§9: JPG or PNG, up to 2 MB). */
export function SignatureCard() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <ProfileCard title={t('profile.signature.title')} icon={<DrawOutlinedIcon />}>
      {profile.data ? (
        <SignatureEditor profile={profile.data} />
      ) : (
        <CardLoading error={profile.error} onRetry={() => void profile.refetch()} />
      )}
    </ProfileCard>
  );
}

function SignatureEditor({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const url = useSignatureUrl(profile.signatureUpdatedAt);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const changed = (signatureUpdatedAt: string | null) =>
    queryClient.setQueryData<Profile>(profileKey, (p) => (p ? { ...p, signatureUpdatedAt } : p));

  const upload = useMutation({
    mutationFn: (file: File) => uploadSignature(file, setProgress),
    meta: { silent: true },
    onMutate: () => {
      setError(null);
      setProgress(0);
    },
    onSuccess: (updatedAt) => {
      changed(updatedAt);
      notify(t('profile.signature.uploaded'), 'success');
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const remove = useMutation({
    mutationFn: removeSignature,
    meta: { silent: true },
    onSuccess: () => {
      setError(null);
      changed(null);
      notify(t('profile.signature.removed'), 'success');
    },
    onError: (err) => setError(describeError(err, t)),
  });
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > SIGNATURE_MAX_BYTES) return setError(t('profile.signature.tooLarge'));
    upload.mutate(file);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('profile.signature.hint')}
      </Typography>
      <Box
        sx={{
          height: 120,
          maxWidth: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          // Ink on white, as printed, whatever the theme.
          bgcolor: '#ffffff',
          color: 'grey.700',
          p: 1,
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('profile.signature.alt')}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            data-testid="signature-preview"
          />
        ) : profile.signatureUpdatedAt ? (
          <Skeleton variant="rectangular" width="90%" height={90} />
        ) : (
          <Typography variant="body2" data-testid="signature-none">
            {t('profile.signature.none')}
          </Typography>
        )}
      </Box>
      {profile.signatureUpdatedAt && (
        <Typography variant="caption" color="text.secondary" data-testid="signature-updated">
          {t('profile.signature.updatedAt', { date: formatDateTime(profile.signatureUpdatedAt, i18n.language) })}
        </Typography>
      )}
      {upload.isPending && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('profile.signature.uploading')}
            data-testid="signature-progress"
          />
          <Typography variant="caption" color="text.secondary" role="status">
            {t('profile.signature.progress', { percent: Math.round(progress * 100) })}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" data-testid="signature-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          data-testid="signature-upload"
        >
          {t(profile.signatureUpdatedAt ? 'profile.signature.replace' : 'profile.signature.upload')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={SIGNATURE_ACCEPT}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="signature-file"
        />
        {profile.signatureUpdatedAt && (
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            loading={remove.isPending}
            disabled={upload.isPending}
            onClick={() => remove.mutate()}
            data-testid="signature-remove"
          >
            {t('profile.signature.remove')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
