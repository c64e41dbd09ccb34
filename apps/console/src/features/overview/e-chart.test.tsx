// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface FakeChart {
  theme: string | undefined;
  element: HTMLElement;
  setOption: ReturnType<typeof vi.fn>;
  resize: ReturnType<typeof vi.fn>;
  dispose: ReturnType<typeof vi.fn>;
  isDisposed: () => boolean;
}

const charts: FakeChart[] = [];

vi.mock('echarts/core', () => ({
  use: vi.fn(),
  init: (element: HTMLElement, theme?: string) => {
    let isDisposed = false;
    const chart: FakeChart = {
      theme,
      element,
      setOption: vi.fn(),
      resize: vi.fn(),
      dispose: vi.fn(() => {
        isDisposed = true;
      }),
      isDisposed: () => isDisposed,
    };
    charts.push(chart);
    return chart;
  },
}));

const observers: { callback: () => void; targets: Element[]; isConnected: boolean }[] = [];

class FakeResizeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: () => void) {
    this.entry = { callback, targets: [], isConnected: true };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.isConnected = false;
  }
}

const { EChart } = await import('./e-chart');

beforeEach(() => {
  charts.length = 0;
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const first = { series: [{ type: 'bar' as const, data: [1, 2] }] };
const second = { series: [{ type: 'bar' as const, data: [3, 4] }] };

describe('EChart', () => {
  it('draws into its own element once, with the option given', () => {
    const view = render(<EChart option={first} aria-label="Traffic" data-testid="chart" />);
    const element = view.getByTestId('chart');
    expect(element.getAttribute('role')).toBe('img');
    expect(element.getAttribute('aria-label')).toBe('Traffic');
    expect(charts).toHaveLength(1);
    expect(charts[0]?.element).toBe(element);
    expect(charts[0]?.theme).toBeUndefined();
    expect(charts[0]?.setOption.mock.calls).toEqual([[first, { notMerge: true }]]);
  });

  it('resizes when its box changes', () => {
    render(<EChart option={first} aria-label="Traffic" />);
    expect(observers[0]?.targets).toHaveLength(1);
    act(() => observers[0]?.callback());
    expect(charts[0]?.resize).toHaveBeenCalledTimes(1);
  });

  it('replaces the option when it changes', () => {
    const view = render(<EChart option={first} aria-label="Traffic" />);
    view.rerender(<EChart option={second} aria-label="Traffic" />);
    expect(charts).toHaveLength(1);
    expect(charts[0]?.setOption.mock.calls.at(-1)).toEqual([second, { notMerge: true }]);
  });

  it('builds a new instance for the dark theme and disposes the old one', () => {
    const view = render(<EChart option={first} aria-label="Traffic" />);
    view.rerender(<EChart option={first} theme="dark" aria-label="Traffic" />);
    expect(charts).toHaveLength(2);
    expect(charts[0]?.dispose).toHaveBeenCalledTimes(1);
    expect(observers[0]?.isConnected).toBe(false);
    expect(charts[1]?.theme).toBe('dark');
    expect(charts[1]?.setOption.mock.calls).toEqual([[first, { notMerge: true }]]);
  });

  it('disposes the instance and stops observing on unmount', () => {
    const view = render(<EChart option={first} aria-label="Traffic" />);
    view.unmount();
    expect(charts[0]?.dispose).toHaveBeenCalledTimes(1);
    expect(observers[0]?.isConnected).toBe(false);
    act(() => observers[0]?.callback());
    expect(charts[0]?.resize).not.toHaveBeenCalled();
  });
});
