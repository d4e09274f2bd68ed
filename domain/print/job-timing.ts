/**
 * How long one print job may take from request to final status: the dialog waits this long;
 * the workflow gives the render (retries included) this much less the margin its last steps
 * (link, status) need, so a job the server still runs is never one the dialog gave up on.
 *
 * Its own module, free of zod: the workflow bundle evaluates what a workflow imports for every
 * workflow it creates (docs/decisions/042).
 */
export const PRINT_JOB_TIMEOUT_MS = 5 * 60_000;
export const PRINT_JOB_FINISH_MARGIN_MS = 30_000;
