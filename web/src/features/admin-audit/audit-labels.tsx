/**
 * How an audit row reads: its action in the page's language (the codes the API writes; an
 * unknown one is shown as its code), and its detail — a report transition as 'from → to' in
 * report states, anything else as its recorded fields.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { AuditRow } from './api';

export function actionLabel(row: AuditRow, t: TFunction): string {
  if (row.action.startsWith('laudo.')) return t('audit.transition', { action: row.action.slice('laudo.'.length) });
  return t(`audit.action.${row.action.replace(/[.-]/g, '_')}`, { defaultValue: row.action });
}

const stateLabel = (state: unknown, t: TFunction) => t(`laudoState.${String(state)}`, { defaultValue: String(state) });

function summary(detail: Record<string, unknown>): string {
  const parts = Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  const text = parts.join(' · ');
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** `hideEmpty`: nothing at all for a row without detail (the phone layout's stacked lines). */
export function AuditRowDetail({ row, hideEmpty = false }: { row: AuditRow; hideEmpty?: boolean }) {
  const { t } = useTranslation();
  const d = row.detail;
  const text =
    row.action.startsWith('laudo.') && 'from' in d && 'to' in d
      ? `${stateLabel(d.from, t)} → ${stateLabel(d.to, t)}`
      : summary(d);
  if (!text && hideEmpty) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} title={row.ip ?? undefined} role="cell">
      {text || '—'}
    </Typography>
  );
}
