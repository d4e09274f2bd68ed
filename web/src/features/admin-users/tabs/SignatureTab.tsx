/** The user's signature image, uploaded by the administrator (the profile's rules: JPG or PNG, up to 2 MB). */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notify } from '../../../app/notifications/store';
import { describeError } from '../../../lib/errors';
import { SIGNATURE_ACCEPT, SIGNATURE_MAX_BYTES } from '../../profile/api';
import { type UserDetail, fetchSignature, removeSignature, uploadSignature, usersKeys } from '../api';
import { ConfirmDialog } from '../ConfirmDialog';

export function SignatureTab({ accountId, user, onChanged }: { accountId: string; user: UserDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [asking, setAsking] = useState(false);
  const [tooBig, setTooBig] = useState(false);
  const image = useQuery({
    queryKey: [...usersKeys.detail(accountId, user.id!), 'signature', user.signatureUpdatedAt],
    queryFn: () => fetchSignature(accountId, user.id!),
    enabled: Boolean(user.signatureUpdatedAt),
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return setUrl(null);
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  const upload = useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => uploadSignature(accountId, user.id!, file),
    onSuccess: () => {
      notify(t('adminUsers.saved'), 'success');
      onChanged();
    },
  });
  const remove = useMutation({
    meta: { silent: true },
    mutationFn: () => removeSignature(accountId, user.id!),
    onSuccess: () => {
      setAsking(false);
      onChanged();
    },
  });
  const error = upload.error ?? remove.error;
  return (
    <Stack spacing={2} data-testid="user-signature">
      {user.signatureUpdatedAt && url ? (
        <Box
          component="img"
          src={url}
          alt={t('adminUsers.signatureAlt', { name: user.name })}
          sx={{
            maxWidth: '100%',
            maxHeight: 160,
            objectFit: 'contain',
            bgcolor: '#fff',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1,
          }}
          data-testid="user-signature-image"
        />
      ) : (
        <Typography color="text.secondary">{t('adminUsers.noSignature')}</Typography>
      )}
      {tooBig && <Alert severity="error">{t('adminUsers.signatureTooBig')}</Alert>}
      {error && <Alert severity="error">{describeError(error, t)}</Alert>}
      <input
        ref={input}
        type="file"
        hidden
        accept={SIGNATURE_ACCEPT}
        data-testid="user-signature-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setTooBig(file.size > SIGNATURE_MAX_BYTES);
          if (file.size <= SIGNATURE_MAX_BYTES) upload.mutate(file);
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => input.current?.click()} loading={upload.isPending}>
          {t('adminUsers.uploadSignature')}
        </Button>
        {user.signatureUpdatedAt && (
          <Button color="error" onClick={() => setAsking(true)}>
            {t('adminUsers.removeSignature')}
          </Button>
        )}
      </Stack>
      {asking && (
        <ConfirmDialog
          title={t('adminUsers.removeSignature')}
          text={t('adminUsers.removeSignatureConfirm', { name: user.name })}
          confirm={t('adminUsers.removeSignature')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setAsking(false)}
        />
      )}
    </Stack>
  );
}
