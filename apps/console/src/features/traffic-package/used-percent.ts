import { readBytes } from '../overview/traffic-series';

/** Share of the bought bytes used, as a percentage with one decimal rounded down, at most 100. */
export const usedPercent = (usedBytes: string, boughtBytes: string): number => {
  const bought = readBytes(boughtBytes);
  if (bought === 0n) return 0;
  const tenths = (readBytes(usedBytes) * 1_000n) / bought;
  return Number(tenths > 1_000n ? 1_000n : tenths) / 10;
};
