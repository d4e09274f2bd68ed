/**
 * Where an exam's API lives (decision 005): a study under `/studies/{id}`, a scheduled exam of
 * the worklist 'agendados' (no institution) under `/scheduledExam/{id}` — the server never
 * resolves one kind under the other's path. Both are ids of one table, so the web remembers the
 * scheduled ones as it meets them (the agendados list, the scheduled report route) and the
 * report's API modules ask here instead of each knowing about the two kinds.
 */
const scheduled = new Set<string>();

export function rememberScheduledExam(id: string): void {
  scheduled.add(id);
}

export function isScheduledExam(id: string): boolean {
  return scheduled.has(id);
}

/** `/studies/{id}` or `/scheduledExam/{id}` (the API path, without `/api`). */
export function examPath(id: string): string {
  return `${scheduled.has(id) ? '/scheduledExam' : '/studies'}/${encodeURIComponent(id)}`;
}

/** The web route of the exam's report page. */
export function reportRoute(id: string): string {
  return `${scheduled.has(id) ? '/scheduledExam' : '/studies'}/report/${encodeURIComponent(id)}`;
}
