import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CheckIcon from '@mui/icons-material/Check';
import DashboardCustomizeOutlinedIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import MicNoneIcon from '@mui/icons-material/MicNone';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PostAddIcon from '@mui/icons-material/PostAdd';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import ShortTextIcon from '@mui/icons-material/ShortText';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ViewQuiltOutlinedIcon from '@mui/icons-material/ViewQuiltOutlined';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import { toolbarButtons, type ToolbarButton, type ToolbarContext } from './editor/toolbar';

export type StructuredModel = '' | 'OIT' | 'SISMAMA';

export interface ReportToolbarProps extends ToolbarContext {
  structuredType: StructuredModel;
  canChangeMask: boolean;
  pending: string | null;
  onAction: (button: Exclude<ToolbarButton, 'switchModel' | 'masksMenu'>) => void;
  onSwitchModel: (model: StructuredModel) => void;
  onMasks: (what: 'chooseMask' | 'createMask' | 'insertPhrase' | 'createPhrase') => void;
}

const ICONS: Record<ToolbarButton, ReactNode> = {
  criticalFinding: <ReportProblemOutlinedIcon />,
  switchModel: <ViewQuiltOutlinedIcon />,
  masksMenu: <DashboardCustomizeOutlinedIcon />,
  editHeader: <BadgeOutlinedIcon />,
  requestReview: <RateReviewOutlinedIcon />,
  reopenReview: <FactCheckOutlinedIcon />,
  reopen: <LockOpenIcon />,
  secondOpinion: <PeopleAltOutlinedIcon />,
  changeDoctor: <SwapHorizIcon />,
  narrate: <MicNoneIcon />,
  returnToNotStarted: <AssignmentReturnIcon />,
  disassociate: <CallSplitIcon />,
  save: <SaveOutlinedIcon />,
};

/** The editor toolbar of spec 1 §2: only the buttons whose action the server allows now. */
export function ReportToolbar(props: ReportToolbarProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<{ kind: 'model' | 'masks'; anchor: HTMLElement } | null>(null);
  const buttons = toolbarButtons(props);
  const close = () => setMenu(null);
  if (buttons.length === 0) return null;
  return (
    <Box
      role="toolbar"
      aria-label={t('editor.toolbar.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
      data-testid="report-toolbar"
    >
      {buttons.map((b) => {
        const label = b === 'editHeader' ? t('studyHeader.toolbarButton') : t(`editor.toolbar.${b}`);
        const isMenu = b === 'switchModel' || b === 'masksMenu';
        return (
          <Button
            key={b}
            size="small"
            variant={b === 'save' ? 'outlined' : 'text'}
            color={b === 'reopen' || b === 'reopenReview' ? 'warning' : b === 'criticalFinding' ? 'error' : 'primary'}
            startIcon={ICONS[b]}
            endIcon={isMenu ? <ArrowDropDownIcon /> : undefined}
            loading={props.pending === b}
            loadingPosition="start"
            onClick={(e) => {
              if (b === 'switchModel') setMenu({ kind: 'model', anchor: e.currentTarget });
              else if (b === 'masksMenu') setMenu({ kind: 'masks', anchor: e.currentTarget });
              else props.onAction(b);
            }}
            data-testid={`toolbar-${b}`}
            sx={{ textTransform: 'none' }}
          >
            {label}
          </Button>
        );
      })}
      <Menu anchorEl={menu?.anchor ?? null} open={menu?.kind === 'model'} onClose={close}>
        {(['', 'OIT', 'SISMAMA'] as const).map((m) => (
          <MenuItem
            key={m || 'normal'}
            selected={props.structuredType === m}
            onClick={() => {
              close();
              if (props.structuredType !== m) props.onSwitchModel(m);
            }}
            data-testid={`model-${m || 'normal'}`}
          >
            <ListItemIcon>{props.structuredType === m ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            {t(m === '' ? 'editor.toolbar.modelNormal' : m === 'OIT' ? 'editor.toolbar.modelOIT' : 'editor.toolbar.modelSISMAMA')}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={menu?.anchor ?? null} open={menu?.kind === 'masks'} onClose={close}>
        {props.canChangeMask && (
          <MenuItem onClick={() => (close(), props.onMasks('chooseMask'))} data-testid="menu-choose-mask">
            <ListItemIcon>
              <ViewQuiltOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('editor.toolbar.chooseMask')}
          </MenuItem>
        )}
        {props.editable && (
          <MenuItem onClick={() => (close(), props.onMasks('createMask'))} data-testid="menu-create-mask">
            <ListItemIcon>
              <PostAddIcon fontSize="small" />
            </ListItemIcon>
            {t('editor.masks.create')}
          </MenuItem>
        )}
        {props.editable && (
          <MenuItem onClick={() => (close(), props.onMasks('insertPhrase'))} data-testid="menu-insert-phrase">
            <ListItemIcon>
              <ShortTextIcon fontSize="small" />
            </ListItemIcon>
            {t('editor.toolbar.insertPhrase')}
          </MenuItem>
        )}
        {props.canCreatePhrase && (
          <MenuItem onClick={() => (close(), props.onMasks('createPhrase'))} data-testid="menu-create-phrase">
            <ListItemIcon>
              <PostAddIcon fontSize="small" />
            </ListItemIcon>
            {t('editor.toolbar.createPhrase')}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
