import { createHash } from 'node:crypto';
import { type ChainFields, GENESIS_HASH, canonicalRow, checkLink, rowHash } from './chain';

const row: ChainFields = {
  id: '7',
  at: '2026-11-25T16:00:00.123456Z',
  accountId: '0b6e2f0a-1111-4222-8333-444455556666',
  userId: null,
  action: 'study.read',
  studyId: null,
  laudoId: null,
  ip: '::1',
  detail: '{"a": "ã|b"}',
  prevHash: GENESIS_HASH,
};

describe('audit chain canonical serialisation', () => {
  it('length-prefixes each field in UTF-8 octets, null as -, joined by |', () => {
    expect(canonicalRow(row)).toBe(
      `1:7|27:2026-11-25T16:00:00.123456Z|36:${row.accountId}|-|10:study.read|-|-|3:::1|13:{"a": "ã|b"}|64:${GENESIS_HASH}`,
    );
  });

  it('cannot be made ambiguous by moving text between fields', () => {
    expect(canonicalRow({ ...row, action: 'a|b', ip: 'c' })).not.toBe(canonicalRow({ ...row, action: 'a', ip: 'b|c' }));
    expect(canonicalRow({ ...row, ip: null })).not.toBe(canonicalRow({ ...row, ip: '-' }));
    expect(canonicalRow({ ...row, ip: '' })).not.toBe(canonicalRow({ ...row, ip: null }));
  });

  it('hashes with sha256, hex', () => {
    expect(rowHash(row)).toBe(createHash('sha256').update(canonicalRow(row)).digest('hex'));
  });

  it('checks a link: previous hash first, then the recomputed hash', () => {
    const hash = rowHash(row);
    expect(checkLink({ ...row, hash }, GENESIS_HASH)).toBeNull();
    expect(checkLink({ ...row, hash }, 'f'.repeat(64))).toEqual({ id: '7', field: 'prev_hash', expected: 'f'.repeat(64), found: GENESIS_HASH });
    expect(checkLink({ ...row, action: 'study.edit', hash }, GENESIS_HASH)).toMatchObject({ id: '7', field: 'hash', found: hash });
  });
});
