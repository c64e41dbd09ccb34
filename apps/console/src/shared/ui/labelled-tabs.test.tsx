// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installBrowserStubs } from '../testing/harness';
import { LabelledTabs } from './labelled-tabs';

const ITEMS = [
  { key: 'buy', label: 'Покупка', children: <p>buy panel</p> },
  { key: 'usage', label: 'Расход', children: <p>usage panel</p> },
  { key: 'records', label: 'История покупок', children: <p>records panel</p> },
  { key: 'alarm', label: 'Оповещения о трафике', children: <p>alarm panel</p> },
];

const setWindowWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(document.body, 'clientWidth', { configurable: true, value: width });
};

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  setWindowWidth(1024);
});

describe('tabs that keep every label visible', () => {
  it('shows every tab as a labelled button on a 390 px phone, none behind "⋯"', () => {
    setWindowWidth(390);
    render(<LabelledTabs items={ITEMS} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(ITEMS.map((item) => item.label));
    // antd's own bar (whose overflow goes behind "⋯") is not used.
    expect(document.querySelector('.ant-tabs-nav')).toBeNull();
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('switches panels from the wrapped buttons and tells the owner', () => {
    setWindowWidth(390);
    const chosen: string[] = [];
    render(<LabelledTabs items={ITEMS} defaultActiveKey="usage" onChange={(key) => chosen.push(key)} />);
    expect(screen.getByText('usage panel')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('tab', { name: 'Оповещения о трафике' }));
    });
    expect(chosen).toEqual(['alarm']);
    expect(screen.getByRole('tab', { name: 'Оповещения о трафике' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByText('alarm panel')).toBeTruthy();
  });

  it('keeps antd’s tab bar on wider screens', () => {
    setWindowWidth(1280);
    render(<LabelledTabs items={ITEMS} />);
    expect(document.querySelector('.ant-tabs-nav')).not.toBeNull();
  });
});
