/**
 * The answers that hand the client an address instead of the bytes: a download link
 * (`/api/files/:token`, services/files/download-links.ts) or the editor's preview PDF.
 */
import { z } from 'zod';

/** A version's document (`GET …/reports/:reportId/download`). */
export const DownloadLinkAnswer = z.object({ downloadUrl: z.string() });
/** A version's signed PDF (`POST /digitalSignature/getSignedUrl`). */
export const SignedUrlAnswer = z.object({ signedUrl: z.string() });
/** The rendered preview of the editor's text (`reports/save` or `review` with `preview: true`). */
export const PreviewAnswer = z.object({ previewUrl: z.string() });
export type PreviewAnswer = z.infer<typeof PreviewAnswer>;
