import { describe, expect, it } from 'vitest';
import { type DeviceHints, isMobileDevice } from './top-up-device';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

/** A mouse-driven desktop unless told otherwise. */
const hints = (overrides: Partial<DeviceHints> & { coarseOnly?: boolean } = {}): DeviceHints => {
  const { coarseOnly = false, ...rest } = overrides;
  return {
    userAgent: DESKTOP_CHROME,
    maxTouchPoints: 0,
    matches: (query) =>
      query === '(pointer: coarse)' ? coarseOnly : query === '(any-pointer: fine)' && !coarseOnly,
    ...rest,
  };
};

describe('the device a top-up is refused on', () => {
  it('is not a desktop browser, whatever the width of its window', () => {
    expect(isMobileDevice(hints())).toBe(false);
    // A touch-screen laptop still has a fine pointer.
    expect(isMobileDevice(hints({ maxTouchPoints: 10 }))).toBe(false);
  });

  it('is a phone or a tablet, told by the browser, the user agent, or touch-only pointers', () => {
    expect(isMobileDevice(hints({ isMobileHint: true }))).toBe(true);
    expect(isMobileDevice(hints({ userAgent: IPHONE }))).toBe(true);
    expect(isMobileDevice(hints({ userAgent: ANDROID_TABLET }))).toBe(true);
    expect(isMobileDevice(hints({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 }))).toBe(true);
    expect(isMobileDevice(hints({ coarseOnly: true }))).toBe(true);
  });
});
