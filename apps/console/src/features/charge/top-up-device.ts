/** What the browser says about the device it runs on. */
export interface DeviceHints {
  userAgent: string;
  /** `navigator.userAgentData.mobile` where the browser has it (Chromium). */
  isMobileHint?: boolean;
  maxTouchPoints: number;
  /** Answers a media query (`window.matchMedia`). */
  matches: (query: string) => boolean;
}

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle|Opera Mini|IEMobile|BlackBerry/i;

/**
 * True on a phone or tablet, where recharging is unavailable (SPEC §2: "unavailable on mobile
 * devices; use the web"). Decided by the device, never by the window's width: a desktop browser
 * in a narrow window tops up. The hints, in order: the browser's own mobile flag, a mobile or
 * tablet user agent, an iPad that calls itself a Mac (touch points), and a device whose every
 * pointer is coarse (touch only: a touch-screen laptop still has a fine one).
 */
export const isMobileDevice = (hints: DeviceHints): boolean => {
  if (hints.isMobileHint) return true;
  if (MOBILE_AGENT.test(hints.userAgent)) return true;
  if (/Macintosh/.test(hints.userAgent) && hints.maxTouchPoints > 1) return true;
  return hints.matches('(pointer: coarse)') && !hints.matches('(any-pointer: fine)');
};

/** The hints of this browser. */
export const readDeviceHints = (): DeviceHints => {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return {
    userAgent: nav.userAgent,
    isMobileHint: nav.userAgentData?.mobile,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    matches: (query) => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
  };
};

/** True when this browser runs on a phone or tablet (it does not change while the page lives). */
export const isThisMobileDevice = (): boolean => isMobileDevice(readDeviceHints());
