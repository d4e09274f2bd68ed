/** The account's catalogues (issue 16): modalities, exams with their import, routines. */
import type Router from '@koa/router';
import type { ApiDeps } from '../deps';
import { examRoutes } from './exams-routes';
import { modalityRoutes } from './modalities-routes';
import { routineRoutes } from './routines-routes';
import { studyRoutineRoutes } from './study-routine-routes';

export const catalogRoutes = (deps: ApiDeps): Router[] => [
  modalityRoutes(deps),
  examRoutes(deps),
  routineRoutes(deps),
  studyRoutineRoutes(deps),
];
