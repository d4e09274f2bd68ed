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
  /** Subfolders, outermost first, in this fixed order: patient id / name / accession / date. */
  folders: { patientId: boolean; patientName: boolean; accessionNumber: boolean; date: boolean };
}

export interface DownloadActivities {
  /** Streams the zip into object storage, heartbeating and publishing progress. */
  buildDownloadZip(input: DownloadInput): Promise<{ objectKey: string; size: number; entries: number }>;
  /** A short-lived link to the zip, published as `finished` on the download's live topic. */
  finishDownload(input: { accountId: string; shortKey: string; objectKey: string }): Promise<{ downloadUrl: string }>;
  /** Publishes the failure on the live topic so the dialog shows the spec's error. */
  failDownload(input: { accountId: string; shortKey: string }): Promise<void>;
}
