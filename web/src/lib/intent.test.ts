import { expect, test } from '@jest/globals';
import { ApiError, NETWORK_ERROR } from './errors';
import { sendIntent } from './intent';

const lost = () => new ApiError(NETWORK_ERROR);
const refused = () => new ApiError('REPORT_NOT_UPDATABLE', null, 409);

test('a lost answer is sent again with the same key; success forgets it', async () => {
  const keys: string[] = [];
  let calls = 0;
  const result = await sendIntent('s1:finish', { content: '<p>a</p>' }, async (key) => {
    keys.push(key);
    if (++calls === 1) throw lost();
    return 'done';
  });
  expect(result).toBe('done');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
  // A new intent after success: a new key.
  const next = await sendIntent('s1:finish', { content: '<p>a</p>' }, async (key) => key);
  expect(next).not.toBe(keys[0]);
});

test('still lost after the retries: the next click reuses the key; a refusal forgets it', async () => {
  const keys: string[] = [];
  await expect(
    sendIntent('s2:start', null, async (key) => {
      keys.push(key);
      throw new ApiError('REPORT_SERVICE_UNAVAILABLE', null, 503);
    }),
  ).rejects.toMatchObject({ status: 503 });
  expect(new Set(keys).size).toBe(1);
  await expect(
    sendIntent('s2:start', null, async (key) => {
      keys.push(key);
      throw refused();
    }),
  ).rejects.toMatchObject({ status: 409 });
  expect(new Set(keys).size).toBe(1); // the second click carried the first key
  const fresh = await sendIntent('s2:start', null, async (key) => key);
  expect(fresh).not.toBe(keys[0]);
});

test('another body is another intent', async () => {
  const a = await sendIntent('s3:save', { content: 'x' }, async (key) => key);
  const b = await sendIntent('s3:save', { content: 'y' }, async (key) => key);
  expect(a).not.toBe(b);
});
