/**
 * Browser APIs antd relies on and jsdom does not have, for component tests: `matchMedia` (no
 * query matches), `ResizeObserver` (observes nothing) and a `getComputedStyle` that ignores
 * pseudo-elements (jsdom computes none; antd asks for `::-webkit-scrollbar`).
 */
export const installBrowserStubs = (): void => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  const computed = window.getComputedStyle.bind(window);
  Object.defineProperty(window, 'getComputedStyle', {
    configurable: true,
    value: (element: Element) => computed(element),
  });
};
