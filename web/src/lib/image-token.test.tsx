import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import '../i18n';
import { type ImageToken, clearImageToken, useImageToken } from './image-token';

let issued = 0;
let failNext = 0;
let ttlSeconds = 60;

function mockFetch() {
  global.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    expect(String(input)).toBe('/api/auth/imageToken');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).access_token).toBe('session-token');
    if (failNext > 0) {
      failNext--;
      throw new TypeError('Failed to fetch');
    }
    issued++;
    const payload = JSON.stringify({ token: `img_${issued}`, expiresInSeconds: ttlSeconds });
    return { ok: true, status: 200, text: async () => payload } as Response;
  }) as typeof fetch;
}

function Shows({ given }: { given?: ImageToken }) {
  const token = useImageToken(given ?? null);
  return <span data-testid="token">{token?.token ?? 'none'}</span>;
}
const shown = () => screen.getByTestId('token').textContent;
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await settle();
}

describe('image token', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    window.localStorage.setItem('access_token', 'session-token');
    issued = 0;
    failNext = 0;
    ttlSeconds = 60;
    clearImageToken();
    mockFetch();
  });
  afterEach(() => {
    jest.useRealTimers();
    window.localStorage.clear();
  });

  it('asks for one at once and renews it at half its life, for as long as it is used', async () => {
    const view = render(<Shows />);
    await settle();
    expect(shown()).toBe('img_1');
    await advance(29_000);
    expect(shown()).toBe('img_1');
    await advance(2_000);
    expect(shown()).toBe('img_2');
    // An hour of reading: a new token every half life, the shown one never past its end.
    const seen = new Set<string>();
    for (let s = 0; s < 3600; s += 5) {
      await advance(5_000);
      seen.add(shown()!);
    }
    expect(issued).toBeGreaterThanOrEqual(118);
    expect(seen.size).toBeGreaterThanOrEqual(118);
    view.unmount();
    const after = issued;
    await advance(10 * 60_000);
    expect(issued).toBe(after);
  });

  it('starts a frame from the token it was given and renews before that one ends', async () => {
    render(<Shows given={{ token: 'img_given', expiresAt: Date.now() + 40_000 }} />);
    await settle();
    expect(shown()).toBe('img_given');
    expect(issued).toBe(0);
    await advance(21_000);
    expect(shown()).toBe('img_1');
  });

  it('renews at once a token given without its end, and tries again after a failure', async () => {
    failNext = 2;
    render(<Shows given={{ token: 'img_given', expiresAt: Date.now() }} />);
    await settle();
    expect(issued).toBe(0);
    expect(shown()).toBe('none');
    await advance(5_000);
    expect(issued).toBe(0);
    await advance(5_000);
    expect(shown()).toBe('img_1');
  });
});
