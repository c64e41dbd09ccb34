/**
 * Copies text to the clipboard: the asynchronous Clipboard API where the page may use it (a
 * secure context), else the older selection copy. Answers false when neither works, so the
 * caller can show the text to copy by hand ('clipboard not supported', SPEC §8).
 */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, insecure page): try the selection copy.
  }
  return copyBySelection(text);
};

const copyBySelection = (text: string): boolean => {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
};

/** A proxy in the form `address:port:user:pass`. */
export const proxyLine = (proxy: { address: string; port: number; username: string; password: string }) =>
  `${proxy.address}:${proxy.port}:${proxy.username}:${proxy.password}`;
