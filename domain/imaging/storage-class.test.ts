import { isStorageAvailable, storageState } from './storage-class';

it.each([
  ['STANDARD', 'available'],
  ['GLACIER_IR', 'available'],
  ['GLACIER', 'archived'],
  ['DEEP_ARCHIVE', 'archived'],
  ['DELETED', 'archived'],
  ['BEING_ARCHIVED', 'transition'],
  ['BEING_RESTORED', 'transition'],
  ['INTELLIGENT_TIERING', 'unknown'],
  [null, 'unknown'],
])('%s is %s', (storageClass, state) => {
  expect(storageState(storageClass)).toBe(state);
  expect(isStorageAvailable(storageClass)).toBe(state === 'available');
});
