/** Milliseconds left until `expiresAt` (ISO date-time); never negative, 0 when unreadable. */
export const getRemainingMs = (expiresAt: string, now: number): number => {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - now);
};

const pad = (value: number): string => String(value).padStart(2, '0');

/**
 * Minutes and seconds left, "mm:ss" (SPEC §4 WeChat order countdown). A started second counts
 * as a whole one, so "00:00" shows exactly when the time is up; never negative.
 */
export const formatCountdown = (remainingMs: number): string => {
  const seconds = Number.isFinite(remainingMs) ? Math.max(0, Math.ceil(remainingMs / 1_000)) : 0;
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
};
