/** A cell of an exported sheet: text, or a number. */
export type SheetCell = string | number;

// OWASP "CSV injection": a spreadsheet reads a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
const CSV_SPECIAL = /[",\r\n]/;

/**
 * A text cell as it is safe to hand to a spreadsheet: one that would start a formula (`=`, `+`, `-`,
 * `@`, tab, CR) gets a leading `'`, so it is shown as the text it is. Numbers stay numbers.
 */
export const neutraliseFormula = (cell: SheetCell): SheetCell =>
  typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;

/** Rows of an export with every text cell neutralised: the one place all export formats take them from. */
export const neutraliseRows = (rows: readonly (readonly SheetCell[])[]): SheetCell[][] =>
  rows.map((row) => row.map(neutraliseFormula));

/** RFC 4180 text: a cell holding a quote, comma, CR or LF is quoted, its quotes doubled; one row a line. */
export const toCsv = (rows: readonly (readonly SheetCell[])[]): string =>
  rows
    .map((row) =>
      row
        .map((cell) =>
          typeof cell === 'string' && CSV_SPECIAL.test(cell)
            ? `"${cell.replaceAll('"', '""')}"`
            : String(cell),
        )
        .join(','),
    )
    .join('\n');
