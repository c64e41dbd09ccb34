import { afterAll } from 'vitest';

/**
 * Setup of every console test file: once its tests are done, the rendered trees are unmounted and
 * React's scheduler gets a moment to run what it still had queued, while the DOM exists. Without
 * it a task queued by the last test can run after jsdom is torn down and fail the whole run
 * ("window is not defined", seen once from prices.page.test.tsx).
 */
afterAll(async () => {
  if (typeof window === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
});
