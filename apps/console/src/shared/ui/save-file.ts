/** Hands a file made in the page to the browser as a download. */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** A CSV text as a download, with a byte-order mark so spreadsheet programs read it as UTF-8. */
export const saveCsv = (text: string, fileName: string): void =>
  saveFile(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
