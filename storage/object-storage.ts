/**
 * Object storage for DICOM instances, PDFs, audio and zips: a local folder by default
 * (DATA_DIR/objects); an S3-compatible adapter implements the same interface.
 * Keys are relative paths like `accounts/{id}/studies/{uid}/…`; payloads never carry bytes.
 */
import type { Readable } from 'node:stream';

export interface ObjectStorage {
  put(key: string, body: Buffer | Readable, opts?: { contentType?: string }): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  /**
   * Bytes `start` (inclusive) to `end` (exclusive) of an object, streamed: a frame of a large
   * multi-frame instance is read without the rest of the file. A range past the end is cut
   * at the end (like an HTTP Range); a missing object fails before the stream starts.
   */
  getRange(key: string, start: number, end: number): Promise<Readable>;
  /** The object's size in bytes; fails when it does not exist. */
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The objects directly in a folder (not in its subfolders); none when it does not exist. */
  listFolder(folder: string): Promise<{ key: string; size: number; modifiedAt: Date }[]>;
  /**
   * A URL the browser may GET the object from directly, valid for a while, so a download's bytes
   * do not pass through the api. Only storages that can (S3) have it; the local one streams.
   */
  presignedGetUrl?(key: string, opts: PresignedGetOptions): Promise<string>;
}

export interface PresignedGetOptions {
  expiresInSeconds: number;
  /** The name the browser gives the file (Content-Disposition). */
  filename?: string;
  /** `attachment` (default): saved; `inline`: shown in the browser. */
  disposition?: 'inline' | 'attachment';
  contentType?: string;
}

// A segment may start with '-' or '_': base64url tokens do (1 in 32 download keys did, and the zip was refused).
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._=-]*(\/[A-Za-z0-9_-][A-Za-z0-9._=-]*)*$/;

/** A key is relative, with no `..`, empty or hidden segments. */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  }
}
