import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { notify } from '../../app/notifications/store';
import { describeError } from '../../lib/errors';
import { useSessionData } from '../auth/session';
import { ConfirmDelete } from '../admin-roles/ConfirmDelete';
import { ListShell } from '../admin-roles/ListShell';
import { PHRASES_PAGE, type Phrase, deletePhrase, fetchPhrases, materialKeys } from './api';
import { PhraseDialog } from './PhraseDialog';

/**
 * Standard phrases: the account's (administration, PHRASES_CREATE_PHRASES_BY_ACCOUNT) and the
 * user's own. `ownOnly`: the user's page, without the account's tab.
 */
export function PhrasesPage({ ownOnly = false }: { ownOnly?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accountId = useSessionData().currentAccountId ?? '';
  const [scope, setScope] = useState<'account' | 'user'>(ownOnly ? 'user' : 'account');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Phrase | 'new' | null>(null);
  const list = useInfiniteQuery({
    queryKey: [...materialKeys.phrases, scope, search],
    queryFn: ({ pageParam, signal }) => fetchPhrases(accountId, scope, search.trim(), pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === PHRASES_PAGE ? pages.length * PHRASES_PAGE : undefined),
    enabled: accountId !== '',
    // A new search or scope keeps the last rows until its own arrive.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deletePhrase(accountId, id),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: materialKeys.phrases }),
    onError: (err) => notify(describeError(err, t), 'error'),
  });
  const rows = list.data?.pages.flat() ?? [];
  return (
    <>
      <ListShell
        testId="phrases-page"
        title={ownOnly ? t('material.phrases.mineTitle') : t('material.phrases.title')}
        intro={t('material.phrases.intro')}
        search={search}
        onSearch={setSearch}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="phrase-new">
            {t('material.phrases.create')}
          </Button>
        }
        header={
          ownOnly ? undefined : (
            <Tabs value={scope} onChange={(_e, v: 'account' | 'user') => setScope(v)} variant="scrollable">
              <Tab value="account" label={t('material.phrases.account')} data-testid="phrases-tab-account" />
              <Tab value="user" label={t('material.phrases.mine')} data-testid="phrases-tab-user" />
            </Tabs>
          )
        }
        more={{ has: list.hasNextPage, loading: list.isFetchingNextPage, onMore: () => void list.fetchNextPage() }}
        searching={list.isPlaceholderData}
        state={list.status}
        empty={rows.length === 0}
        emptyText={t('material.phrases.empty')}
      >
        {rows.map((p) => (
          <Paper key={p.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`phrase-row-${p.code}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip label={p.code} color="primary" size="small" sx={{ fontWeight: 600, minWidth: 56, fontFamily: 'monospace' }} />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap>{p.title}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {p.modalities.length ? `${p.modalities.join(', ')} · ` : ''}
                  {p.phrase}
                </Typography>
              </Stack>
              <IconButton aria-label={`${t('catalog.edit')}: ${p.code}`} onClick={() => setEditing(p)}>
                <EditOutlinedIcon />
              </IconButton>
              <ConfirmDelete name={p.code} onConfirm={() => remove.mutate(p.id)} />
            </Stack>
          </Paper>
        ))}
      </ListShell>
      {editing && (
        <PhraseDialog
          key={editing === 'new' ? 'new' : editing.id}
          accountId={accountId}
          scope={editing === 'new' ? scope : editing.scope}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
