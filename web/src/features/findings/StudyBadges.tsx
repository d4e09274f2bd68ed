import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import type { StudyListItem } from '../../../../domain/studies/schemas';
import { LazyTooltip } from '../../lib/LazyTooltip';

interface Props {
  study: StudyListItem;
  onFinding: () => void;
  onComments: () => void;
}

/**
 * A row's critical-finding badge (a suspicion in amber, a finding in red; an outline to
 * register one) and its comment badge with the unread count.
 */
export function StudyBadges({ study, onFinding, onComments }: Props) {
  const { t } = useTranslation();
  const finding = study.criticalFinding ?? null;
  const stop = (e: MouseEvent, run: () => void) => {
    e.stopPropagation();
    run();
  };
  const findingLabel = finding ? `${t(`findings.status.${finding.status}`)}: ${finding.levelAndName}` : t('findings.title');
  const comments = study.commentCount ?? 0;
  const unread = study.unreadComments ?? 0;
  const commentsLabel = t('comments.badge', { count: comments, unread: t('comments.unread', { count: unread }) });

  return (
    <Stack direction="row" spacing={0.25}>
      <LazyTooltip title={findingLabel}>
        <IconButton
          size="small"
          aria-label={findingLabel}
          onClick={(e) => stop(e, onFinding)}
          color={finding ? (finding.status === 'SUSPICION_CREATED' ? 'warning' : 'error') : 'default'}
          sx={finding ? undefined : { opacity: 0.45 }}
          data-testid={`study-finding-${study.id}`}
          data-status={finding?.status ?? 'none'}
        >
          {finding ? <ReportProblemIcon fontSize="small" /> : <ReportProblemOutlinedIcon fontSize="small" />}
        </IconButton>
      </LazyTooltip>
      <LazyTooltip title={commentsLabel}>
        <IconButton
          size="small"
          aria-label={commentsLabel}
          onClick={(e) => stop(e, onComments)}
          sx={comments ? undefined : { opacity: 0.45 }}
          data-testid={`study-comments-${study.id}`}
          data-count={comments}
          data-unread={unread}
        >
          <Badge badgeContent={unread} color="primary" max={99}>
            <ChatBubbleOutlineIcon fontSize="small" />
          </Badge>
        </IconButton>
      </LazyTooltip>
    </Stack>
  );
}
