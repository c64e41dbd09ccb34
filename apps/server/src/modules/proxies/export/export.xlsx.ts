import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SheetCell } from './export.cells';

/** Characters an xlsx string cannot hold as they are: control characters and CR, which XML drops or turns into LF, and what is not UTF-16 text. */
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being encoded.
  /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPE_LOOKALIKE = /_(x[0-9A-Fa-f]{4}_)/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being encoded.
const NEEDS_ESCAPE = /[_\u0000-\u0008\u000b-\u001f\ud800-\udfff\ufffe\uffff]/;

/**
 * Text as an xlsx string holds it, so that it reads back exactly: characters XML 1.0 cannot carry or
 * would change (control characters, CR, lone surrogates) as the `_xHHHH_` escapes spreadsheets
 * decode, and a literal `_xHHHH_` protected by escaping its underscore. ExcelJS does the XML
 * escaping, but drops control characters and leaves a CR for XML to turn into a LF.
 */
export const toSheetText = (text: string): string =>
  NEEDS_ESCAPE.test(text)
    ? text
        .replace(ESCAPE_LOOKALIKE, '_x005F_$1')
        .replace(
          UNSAFE_CHARACTER,
          (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
        )
    : text;

/**
 * A one-sheet xlsx workbook from ExcelJS's streaming writer: each row is committed as it is added,
 * text goes to the shared-string table, numbers stay numbers, and no cell is ever a formula.
 */
export const buildXlsx = async (
  sheetName: string,
  rows: readonly (readonly SheetCell[])[],
): Promise<Buffer> => {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: false });
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) {
    sheet.addRow(row.map((cell) => (typeof cell === 'string' ? toSheetText(cell) : cell))).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
};
