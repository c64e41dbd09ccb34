const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A download's size in binary units: "812 B", "148.3 KB", "1.2 MB". */
export const formatFileSize = (bytes: number): string => {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${UNITS[0]}` : `${value.toFixed(1)} ${UNITS[unit]}`;
};
