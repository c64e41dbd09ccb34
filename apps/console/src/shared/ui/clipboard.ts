/**
 * How a copy went: on the clipboard; only selected in the given field for the user to copy by
 * hand; or not at all (no field to leave it selected in).
 */
export type CopyOutcome = 'copied' | 'selected' | 'failed';

const copyWithClipboardApi = async (text: string): Promise<boolean> => {
  // The asynchronous Clipboard API exists only in secure contexts (https, localhost).
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.writeText !== 'function') return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Refused: no permission, or the document is not focused.
    return false;
  }
};

/** The older selection copy, which plain-http pages (a self-hosted console on a LAN address) still allow. */
const copySelection = (): boolean => {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
};

/** The selection copy through a hidden text area, for text shown in no field. */
const copyThroughHiddenField = (text: string): boolean => {
  if (typeof document === 'undefined') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    return copySelection();
  } finally {
    area.remove();
  }
};

/**
 * Copies `text`: the asynchronous Clipboard API, else the selection copy. Without any clipboard
 * access the text is left selected in `field` (the input showing it), so the user can press
 * Ctrl+C; the caller then says so (SPEC §8 'clipboard not supported'), or shows the text to copy
 * by hand when there was no field.
 */
export const copyToClipboard = async (
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null = null,
): Promise<CopyOutcome> => {
  if (await copyWithClipboardApi(text)) return 'copied';
  if (!field) return copyThroughHiddenField(text) ? 'copied' : 'failed';
  field.focus();
  field.select();
  return copySelection() ? 'copied' : 'selected';
};
