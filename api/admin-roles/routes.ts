/** Roles, shift schedules, medical groups and specialties, access grants (issue 14). */
import type Router from '@koa/router';
import type { ApiDeps } from '../deps';
import { accessGrantRoutes } from './access-grants-routes';
import { groupRoutes } from './groups-routes';
import { roleRoutes } from './roles-routes';
import { scheduleRoutes } from './schedules-routes';

export const rolesAreaRoutes = (deps: ApiDeps): Router[] => [
  roleRoutes(deps),
  scheduleRoutes(deps),
  groupRoutes(deps),
  accessGrantRoutes(deps),
];
