/** Longest side of a study's series thumbnails, in pixels: made at ingest, served by DICOMweb. */
export const THUMBNAIL_SIZE = 256;
