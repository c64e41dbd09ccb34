import { TRAFFIC_ALARM_THRESHOLD_GB } from '@ptc/contracts';
/**
 * Bounds of the low-traffic alert threshold, in whole GB: what `trafficAlarmRequestSchema` of the
 * contracts accepts (SPEC §9: the traffic alert threshold is in GB).
 */
export const THRESHOLD_GB = TRAFFIC_ALARM_THRESHOLD_GB;

/** Why a threshold is refused. */
export type ThresholdError = 'required' | 'integer' | 'min' | 'max';

/** Checks the threshold typed in GB: required (SPEC §5), a whole number, within {@link THRESHOLD_GB}. */
export const checkThresholdGb = (value: unknown): ThresholdError | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return 'required';
  }
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return 'integer';
  const gb = Number(text);
  if (gb < THRESHOLD_GB.min) return 'min';
  return gb > THRESHOLD_GB.max ? 'max' : null;
};
