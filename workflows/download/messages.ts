import type { ZipFolders } from '../../domain/download/zip-paths';

/** A study download (spec 2 §4, §7): one workflow per request, `download:{accountId}:{shortKey}`. */
export function downloadWorkflowId(accountId: string, shortKey: string): string {
  return `download:${accountId}:${shortKey}`;
}

export interface DownloadInput {
  accountId: string;
  shortKey: string;
  studyIds: string[];
  /** Only these series (of any of the studies); empty = all. */
  seriesIds: string[];
  dicom: boolean;
  jpeg: boolean;
  activeReport: boolean;
  inactiveReports: boolean;
  attachments: boolean;
  /** Accept-Language of the request: unsigned report PDFs are rendered in it. */
  lang?: string;
  /** Subfolders, outermost first, in this fixed order: patient id / name / accession / date. */
  folders: ZipFolders;
}

export interface DownloadActivities {
  /** Streams the zip into object storage, heartbeating and publishing progress. */
  buildDownloadZip(input: DownloadInput): Promise<{ objectKey: string; size: number; entries: number; bytes?: number }>;
  /**
   * A short-lived link to the zip, published as `finished` (with the final counts) on the
   * download's live topic; a Connect request for it becomes ready for its agent.
   */
  finishDownload(input: {
    accountId: string;
    shortKey: string;
    objectKey: string;
    entries?: number;
    bytes?: number;
  }): Promise<{ downloadUrl: string }>;
  /** Publishes the failure on the live topic so the dialog shows the spec's error. */
  failDownload(input: { accountId: string; shortKey: string; reason?: string }): Promise<void>;
}
