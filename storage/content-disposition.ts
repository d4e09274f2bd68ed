/**
 * A Content-Disposition header for a file name: an ASCII fallback and the RFC 5987 UTF-8 name
 * (accents in patients' names). Used by the api's own download route and by S3 presigned URLs.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  return `${kind}; filename="${filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
