/**
 * Study storage state (spec 2 §4): STANDARD and GLACIER_IR are available; DELETED, GLACIER
 * and DEEP_ARCHIVE are archived; BEING_ARCHIVED and BEING_RESTORED are on their way; anything
 * else is unknown. Only an available study's images can be retrieved or downloaded.
 */
export type StorageState = 'available' | 'archived' | 'transition' | 'unknown';

const STATES: Record<string, StorageState> = {
  STANDARD: 'available',
  GLACIER_IR: 'available',
  DELETED: 'archived',
  GLACIER: 'archived',
  DEEP_ARCHIVE: 'archived',
  BEING_ARCHIVED: 'transition',
  BEING_RESTORED: 'transition',
};

export function storageState(storageClass: string | null | undefined): StorageState {
  return (storageClass && STATES[storageClass]) || 'unknown';
}

export function isStorageAvailable(storageClass: string | null | undefined): boolean {
  return storageState(storageClass) === 'available';
}
