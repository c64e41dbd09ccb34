import { STORAGE_KEYS, TECHNICAL } from '@ptc/contracts';
import { browserStorage, readJson, writeJson } from '../../shared/storage/storage';
import { createStore } from '../../shared/store/create-store';

/** The page settings of the settings drawer (SPEC §2), kept in storage under `theme`. */
export interface PageSettings {
  /** Light (default) or dark theme. */
  theme: 'light' | 'dark';
  /** Primary colour, `#rrggbb`. */
  colorPrimary: string;
  /** Width of the side menu in px. */
  menuWidth: number;
  /** Show the top navigation bar. */
  navbar: boolean;
  /** Show the tab bar of visited pages. */
  tabBar: boolean;
  /** Show the footer. */
  footer: boolean;
  /** Colour-weak mode (a CSS filter on the page). */
  colorWeak: boolean;
  /**
   * Build the menu from a server-provided menu. Persisted, but there is no server menu source
   * yet, so the menu always comes from the route table for now.
   */
  menuFromServer: boolean;
}

/** Preset theme colours; blue is the default (SPEC §9). */
export const THEME_COLORS = [
  '#1677ff',
  '#722ed1',
  '#13c2c2',
  '#52c41a',
  '#eb2f96',
  '#f5222d',
  '#fa8c16',
  '#2f54eb',
] as const;

/** Bounds of the menu width input. */
export const MENU_WIDTH_RANGE = { min: 160, max: 400 } as const;

/** Settings of a first visit. */
export const DEFAULT_SETTINGS: PageSettings = {
  theme: 'light',
  colorPrimary: THEME_COLORS[0],
  menuWidth: TECHNICAL.DEFAULT_MENU_WIDTH,
  navbar: true,
  tabBar: false,
  footer: true,
  colorWeak: false,
  menuFromServer: false,
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

const pickBoolean = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;

/** Reads stored settings field by field, keeping the default for anything missing or malformed. */
export const parseSettings = (raw: unknown): PageSettings => {
  if (raw === null || typeof raw !== 'object') return { ...DEFAULT_SETTINGS };
  const value = raw as Record<string, unknown>;
  const width = value.menuWidth;
  return {
    theme: value.theme === 'dark' ? 'dark' : 'light',
    colorPrimary:
      typeof value.colorPrimary === 'string' && HEX_COLOR.test(value.colorPrimary)
        ? value.colorPrimary
        : DEFAULT_SETTINGS.colorPrimary,
    menuWidth:
      typeof width === 'number' && Number.isFinite(width)
        ? Math.min(MENU_WIDTH_RANGE.max, Math.max(MENU_WIDTH_RANGE.min, Math.round(width)))
        : DEFAULT_SETTINGS.menuWidth,
    navbar: pickBoolean(value.navbar, DEFAULT_SETTINGS.navbar),
    tabBar: pickBoolean(value.tabBar, DEFAULT_SETTINGS.tabBar),
    footer: pickBoolean(value.footer, DEFAULT_SETTINGS.footer),
    colorWeak: pickBoolean(value.colorWeak, DEFAULT_SETTINGS.colorWeak),
    menuFromServer: pickBoolean(value.menuFromServer, DEFAULT_SETTINGS.menuFromServer),
  };
};

/** The current page settings. */
export const settingsStore = createStore<PageSettings>(
  parseSettings(readJson(browserStorage, STORAGE_KEYS.theme)),
);

/** Changes some settings and persists them. */
export const updateSettings = (patch: Partial<PageSettings>): void => {
  const next = parseSettings({ ...settingsStore.get(), ...patch });
  writeJson(browserStorage, STORAGE_KEYS.theme, next);
  settingsStore.set(next);
};

/** Restores the defaults. */
export const resetSettings = (): void => updateSettings(DEFAULT_SETTINGS);
