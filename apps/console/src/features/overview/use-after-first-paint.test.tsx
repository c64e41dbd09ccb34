// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

const Probe = () => <span data-testid="probe">{useAfterFirstPaint() ? 'painted' : 'first'}</span>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useAfterFirstPaint', () => {
  it('is false on the first render and turns true in a task after the next frame', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('first');
    // Timers alone do not bring it: it waits for the frame that paints the first render.
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId('probe').textContent).toBe('first');
    expect(frames).toHaveLength(1);
    act(() => frames[0]?.(0));
    expect(screen.getByTestId('probe').textContent).toBe('first');
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('probe').textContent).toBe('painted');
  });

  it('turns true in a task after the first render where there are no animation frames', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('first');
    expect((await screen.findByText('painted')).dataset.testid).toBe('probe');
  });
});
