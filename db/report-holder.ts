/**
 * The doctor a report shows in lists and live documents: who wrote it, else who holds it
 * before anyone started it (the orchestrator's assignee, or a coordinator's reassignment —
 * issue 18), so the worklist says whose a not-started study is. `l` is the laudos alias.
 */
export const REPORT_HOLDER_NAME = `coalesce(l.doctor_name, (SELECT hu.name FROM users hu WHERE hu.id = l.responsible_user_id))`;
