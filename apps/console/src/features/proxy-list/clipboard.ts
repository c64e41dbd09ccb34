/** How a copy went: on the clipboard, or only selected on the page for the user to copy by hand. */
export type CopyOutcome = 'copied' | 'selected';

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
  if (typeof document.execCommand !== 'function') return false;
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
};

/**
 * Copies `text`. Without any clipboard access the text is left selected in `field` (the input the
 * dialog shows it in), so the user can press Ctrl+C; the caller then says so (SPEC §8 'clipboard not
 * supported').
 */
export const copyToClipboard = async (
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<CopyOutcome> => {
  if (await copyWithClipboardApi(text)) return 'copied';
  if (field) {
    field.focus();
    field.select();
    if (copySelection()) return 'copied';
  }
  return 'selected';
};
