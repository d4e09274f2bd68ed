/**
 * The Administration area's left navigation: one entry per line. Each engineer adding an
 * administration page adds its line here (and its route under /admin in app/router.tsx).
 * `who`: 'super' for the super role only; 'admin' for account administrators and super.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import type { ParseKeys } from 'i18next';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LocalHospitalOutlinedIcon from '@mui/icons-material/LocalHospitalOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import RouterOutlinedIcon from '@mui/icons-material/RouterOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import ShortTextOutlinedIcon from '@mui/icons-material/ShortTextOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';

export interface AdminNavEntry {
  path: string;
  /** i18n key of the label. */
  label: ParseKeys;
  icon: SvgIconComponent;
  who: 'super' | 'admin';
}

export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { path: '/admin/accounts', label: 'admin.nav.accounts', icon: BusinessOutlinedIcon, who: 'super' },
  { path: '/admin/settings', label: 'admin.nav.settings', icon: TuneOutlinedIcon, who: 'admin' },
  { path: '/admin/institutions', label: 'admin.nav.institutions', icon: ApartmentOutlinedIcon, who: 'admin' },
  { path: '/admin/users', label: 'admin.nav.users', icon: PeopleOutlinedIcon, who: 'admin' },
  { path: '/admin/roles', label: 'admin.nav.roles', icon: AdminPanelSettingsOutlinedIcon, who: 'admin' },
  { path: '/admin/schedules', label: 'admin.nav.schedules', icon: ScheduleOutlinedIcon, who: 'admin' },
  { path: '/admin/medical-groups', label: 'admin.nav.medicalGroups', icon: GroupsOutlinedIcon, who: 'admin' },
  { path: '/admin/specialties', label: 'admin.nav.specialties', icon: LocalHospitalOutlinedIcon, who: 'admin' },
  { path: '/admin/orchestrator', label: 'admin.nav.orchestrator', icon: AccountTreeOutlinedIcon, who: 'admin' },
  { path: '/admin/notifications', label: 'admin.nav.notifications', icon: NotificationsActiveOutlinedIcon, who: 'admin' },
  { path: '/admin/modalities', label: 'admin.nav.modalities', icon: CategoryOutlinedIcon, who: 'admin' },
  { path: '/admin/exams', label: 'admin.nav.exams', icon: ListAltOutlinedIcon, who: 'admin' },
  { path: '/admin/routines', label: 'admin.nav.routines', icon: TimerOutlinedIcon, who: 'admin' },
  { path: '/admin/masks', label: 'admin.nav.masks', icon: ArticleOutlinedIcon, who: 'admin' },
  { path: '/admin/phrases', label: 'admin.nav.phrases', icon: ShortTextOutlinedIcon, who: 'admin' },
  { path: '/admin/labels', label: 'admin.nav.labels', icon: LabelOutlinedIcon, who: 'admin' },
  { path: '/admin/connects', label: 'admin.nav.connects', icon: RouterOutlinedIcon, who: 'admin' },
  { path: '/admin/access-grants', label: 'admin.nav.accessGrants', icon: VpnKeyOutlinedIcon, who: 'admin' },
  { path: '/admin/audit', label: 'admin.nav.audit', icon: FactCheckOutlinedIcon, who: 'admin' },
];

/** The entries the caller may open. */
export function visibleAdminNav(caller: { superRole: boolean; isAdmin: boolean }): AdminNavEntry[] {
  return ADMIN_NAV.filter((e) => caller.superRole || (e.who === 'admin' && caller.isAdmin));
}
