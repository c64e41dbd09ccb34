// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { installBrowserStubs, mockApi, Providers } from '../../shared/testing/harness';
import { DeferredTrafficUsageCard } from './deferred-traffic-usage-card';
import './overview-texts';

vi.setConfig({ testTimeout: 30_000 });

const point = (time: string, bytes: number) => ({
  time,
  bytes_down: String(bytes),
  bytes_up: '0',
  bytes: String(bytes),
});

/** An IntersectionObserver the test drives: `reveal()` brings every observed element into view. */
const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class DrivenIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, elements: [] };
    observers.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  disconnect() {
    this.entry.elements = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
const reveal = () => {
  for (const { callback, elements } of observers) {
    const entries = elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) callback(entries, {} as IntersectionObserver);
  }
};

beforeAll(installBrowserStubs);

beforeEach(async () => {
  observers.length = 0;
  queryClient.clear();
  vi.stubGlobal('IntersectionObserver', DrivenIntersectionObserver);
  mockApi({
    'GET /proxy/summary/traffic': () => ({
      data: {
        hours: Array.from({ length: 24 }, (_, index) =>
          point(new Date(Date.UTC(2026, 2, 15, index)).toISOString(), index === 23 ? 3 << 20 : 0),
        ),
        days: Array.from({ length: 30 }, (_, index) =>
          point(`2026-02-${String((index % 28) + 1).padStart(2, '0')}`, 0),
        ),
        total_24h: String(3 << 20),
        total_30d: String(3 << 20),
      },
    }),
  });
  await changeLocale('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the deferred traffic card', () => {
  it('stays a titled placeholder until it comes near the screen, then shows the traffic', async () => {
    render(
      <Providers path="/dashboard/overview">
        <DeferredTrafficUsageCard />
      </Providers>,
    );
    expect((await screen.findByTestId('overview-traffic')).textContent).toContain('Traffic usage');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('overview-traffic-24h')).toBeNull();

    await act(async () => reveal());
    await waitFor(() =>
      expect(screen.getByTestId('overview-traffic-24h-total').textContent).toBe('Total: 3 MB'),
    );
  });
});
