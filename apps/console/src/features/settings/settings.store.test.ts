import { STORAGE_KEYS } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { browserStorage } from '../../shared/storage/storage';
import { DEFAULT_SETTINGS, parseSettings, settingsStore, updateSettings } from './settings.store';

describe('parseSettings', () => {
  it('starts light, blue, with a 220 px menu, navbar and footer on, tab bar off', () => {
    expect(parseSettings(undefined)).toEqual({
      theme: 'light',
      colorPrimary: '#1677ff',
      menuWidth: 220,
      navbar: true,
      tabBar: false,
      footer: true,
      colorWeak: false,
      menuFromServer: false,
    });
  });

  it('keeps valid stored values', () => {
    const stored = {
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      colorPrimary: '#722ed1',
      menuWidth: 300,
      footer: false,
    };
    expect(parseSettings(stored)).toEqual(stored);
  });

  it('replaces malformed fields by their defaults and clamps the menu width', () => {
    expect(
      parseSettings({ theme: 'neon', colorPrimary: 'red', menuWidth: 5000, navbar: 'yes', colorWeak: true }),
    ).toEqual({ ...DEFAULT_SETTINGS, menuWidth: 400, colorWeak: true });
  });
});

describe('updateSettings', () => {
  it('persists the settings as JSON under the theme key', () => {
    updateSettings({ theme: 'dark', menuFromServer: true });
    expect(settingsStore.get()).toMatchObject({ theme: 'dark', menuFromServer: true });
    expect(JSON.parse(browserStorage.getItem(STORAGE_KEYS.theme) ?? '{}')).toMatchObject({
      theme: 'dark',
      menuFromServer: true,
    });
  });
});
