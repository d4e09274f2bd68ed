/**
 * Management reports (issue 18; spec 3 §2): medical productivity, the management report and
 * canceled exams over a period of days (the management report at most 30), optionally one
 * institution. For account administrators and holders of MANAGEMENT_REPORTS_READ.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import { MANAGEMENT_REPORT_MAX_DAYS, type ManagementPeriod, periodDays } from '../../../../domain/management/reports';
import { PageHeader } from '../../app/PageHeader';
import { currentAccount } from '../auth/access';
import { useSessionData } from '../auth/session';
import { CanceledView } from './CanceledView';
import { ProductivityView } from './ProductivityView';
import { SummaryView } from './SummaryView';
import { mayReadManagement } from './access';
import { isoDay, lastWeek, typedDay } from './period';

const TABS = ['productivity', 'summary', 'canceled'] as const;
type TabName = (typeof TABS)[number];

export function ManagementReportsPage() {
  const { t } = useTranslation();
  const session = useSessionData();
  const account = currentAccount(session);
  if (!account || !mayReadManagement(account, session.superRole))
    return (
      <Alert severity="warning" data-testid="management-forbidden">
        {t('management.forbidden')}
      </Alert>
    );
  return <Reports accountId={account.id} institutions={account.institutions} />;
}

function Reports({ accountId, institutions }: { accountId: string; institutions: { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabName)
    : 'productivity';
  const [initial] = useState(lastWeek);
  const [fromText, setFromText] = useState(() => typedDay(initial.from, lang));
  const [toText, setToText] = useState(() => typedDay(initial.to, lang));
  const [institutionId, setInstitutionId] = useState('');
  const from = isoDay(fromText, lang);
  const to = isoDay(toText, lang);
  const order = from && to && from > to;
  const period: ManagementPeriod | null = from && to && !order ? { from, to, ...(institutionId ? { institutionId } : {}) } : null;
  const tooLong = tab === 'summary' && period !== null && periodDays(period) > MANAGEMENT_REPORT_MAX_DAYS;

  const dayHelp = t('management.period.format');
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200, minWidth: 0 }} data-testid="management-page">
      <PageHeader title={t('management.title')} intro={t('management.intro')} icon={<InsightsOutlined />} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          <TextField
            label={t('management.period.from')}
            value={fromText}
            onChange={(e) => setFromText(e.target.value)}
            error={!from || Boolean(order)}
            helperText={!from ? dayHelp : order ? t('management.period.order') : dayHelp}
            slotProps={{ htmlInput: { 'data-testid': 'management-from', inputMode: 'numeric', maxLength: 10 } }}
          />
          <TextField
            label={t('management.period.to')}
            value={toText}
            onChange={(e) => setToText(e.target.value)}
            error={!to}
            helperText={dayHelp}
            slotProps={{ htmlInput: { 'data-testid': 'management-to', inputMode: 'numeric', maxLength: 10 } }}
          />
          <TextField
            select
            label={t('management.period.institution')}
            value={institutionId}
            onChange={(e) => setInstitutionId(e.target.value)}
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'management-institution' },
            }}
          >
            <MenuItem value="">{t('management.period.allInstitutions')}</MenuItem>
            {institutions.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Paper>
      <Tabs
        value={tab}
        onChange={(_e, v: TabName) => setParams((p) => ({ ...Object.fromEntries(p), tab: v }), { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('management.title')}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`management.tabs.${name}`)} data-testid={`management-tab-${name}`} />
        ))}
      </Tabs>
      {!period ? (
        <Alert severity="info">{t('management.period.invalid')}</Alert>
      ) : tooLong ? (
        <Alert severity="warning" data-testid="management-too-long">
          {t('management.period.tooLong', { days: MANAGEMENT_REPORT_MAX_DAYS })}
        </Alert>
      ) : tab === 'productivity' ? (
        <ProductivityView accountId={accountId} period={period} />
      ) : tab === 'summary' ? (
        <SummaryView accountId={accountId} period={period} />
      ) : (
        <CanceledView accountId={accountId} period={period} />
      )}
    </Stack>
  );
}
