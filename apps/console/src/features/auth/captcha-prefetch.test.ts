import { describe, expect, it, vi } from 'vitest';
import { PREFETCH_FRESH_MS, prefetchCaptcha, takePrefetchedCaptcha } from './captcha-prefetch';

describe('the early captcha image', () => {
  it('is asked for at once and handed to the first form that takes it, only once', async () => {
    const image = new Blob(['png']);
    const fetchImage = vi.fn(() => Promise.resolve(image));
    prefetchCaptcha(fetchImage, 1_000);
    expect(fetchImage).toHaveBeenCalledTimes(1);
    await expect(takePrefetchedCaptcha(2_000)).resolves.toBe(image);
    expect(takePrefetchedCaptcha(2_000)).toBeUndefined();
  });

  it('is not handed over once stale, and its failure is never unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    prefetchCaptcha(() => Promise.reject(new Error('offline')), 1_000);
    expect(takePrefetchedCaptcha(1_000 + PREFETCH_FRESH_MS + 1)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('is nothing when none was asked for', () => {
    expect(takePrefetchedCaptcha()).toBeUndefined();
  });
});
