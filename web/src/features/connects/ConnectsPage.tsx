import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { ListShell, matches } from '../admin-roles/ListShell';
import { type ConnectView, type ConnectionView, connectsKey, fetchConnects } from './api';
import { ConnectCard } from './ConnectCard';
import { ConnectDialog } from './ConnectDialog';
import { ConnectionDialog } from './ConnectionDialog';
import { KeyShownDialog } from './KeyShownDialog';

/** Connect management (spec 3 'Connect management and connections with DICOM settings'). */
export function ConnectsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ConnectView | 'new' | null>(null);
  const [connection, setConnection] = useState<{ connectId: string; editing: ConnectionView | 'new' } | null>(null);
  const [shown, setShown] = useState<{ key: string; connectName: string } | null>(null);
  // The status (last seen, last study) moves on its own: refreshed while the page is open.
  const list = useQuery({ queryKey: connectsKey, queryFn: ({ signal }) => fetchConnects(signal), refetchInterval: 30_000 });
  const rows = (list.data ?? []).filter((c) => matches(`${c.name} ${c.institutionName ?? ''} ${c.aeTitle ?? ''}`, search));
  const onKey = (key: string, connectName: string) => setShown({ key, connectName });
  return (
    <>
      <ListShell
        testId="connects-page"
        title={t('connects.title')}
        intro={t('connects.intro')}
        search={search}
        onSearch={setSearch}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="connect-new">
            {t('connects.create')}
          </Button>
        }
        state={list.status}
        empty={rows.length === 0}
        emptyText={t('connects.empty')}
      >
        {rows.map((c) => (
          <ConnectCard
            key={c.id}
            connect={c}
            onEdit={() => setEditing(c)}
            onKey={onKey}
            onConnection={(e) => setConnection({ connectId: c.id, editing: e })}
          />
        ))}
      </ListShell>
      {editing && (
        <ConnectDialog
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing}
          onClose={() => setEditing(null)}
          onKey={onKey}
        />
      )}
      {connection && (
        <ConnectionDialog connectId={connection.connectId} editing={connection.editing} onClose={() => setConnection(null)} />
      )}
      {shown && <KeyShownDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}
