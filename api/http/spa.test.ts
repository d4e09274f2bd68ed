import { isSafeStaticPath } from './spa';

it('lets ordinary app paths through', () => {
  for (const p of ['/', '/login', '/studies/report/5b0c', '/assets/index-Ab12.js', '/verify/ABCD%20EF', '/favicon.ico'])
    expect([p, isSafeStaticPath(p)]).toEqual([p, true]);
});

it('refuses traversals however they are encoded, and malformed encodings', () => {
  for (const p of [
    '/../package.json',
    '/..%2F..%2Fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/%252e%252e%252fpackage.json',
    '/%25252e%25252e%25252fpackage.json',
    '/..%5Cpackage.json',
    '/index.html%00.js',
    '/%c0%ae%c0%ae/package.json',
    '/%E0%A4%A',
    '/./index.html',
  ])
    expect([p, isSafeStaticPath(p)]).toEqual([p, false]);
});
