import { crc32, deflateRawSync } from 'node:zlib';

/** A cell of an exported sheet: text, or a number. */
export type XlsxCell = string | number;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The fixed parts of a one-sheet workbook (OOXML SpreadsheetML, the minimum Excel and LibreOffice open). */
const staticParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
  ],
];

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Anything `escapeXml` changes (most cells need nothing, and one test is cheaper than three replaces). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being encoded.
const NEEDS_ESCAPE = /[&<>"_\u0000-\u0008\u000b-\u001f\ud800-\udfff\ufffe\uffff]/;

/**
 * Text as SpreadsheetML holds it: XML-escaped; characters XML 1.0 cannot carry or would change
 * (control characters, CR, lone surrogates) as the `_xHHHH_` escapes spreadsheets decode, and a literal
 * `_xHHHH_` protected by escaping its underscore, so every text reads back exactly.
 */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being encoded.
      /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    )
    .replace(/[&<>"]/g, (char) => XML_ENTITIES[char] ?? char);
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
const columnName = (index: number): string => {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
};

const EDGE_BLANK = /^\s|\s$/;

const cellXml = (ref: string, value: XlsxCell) => {
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  // Leading or trailing blanks survive only with xml:space="preserve".
  const space = EDGE_BLANK.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
};

/** The worksheet: every row, inline strings (no shared-string table to build), numbers as numbers. */
const sheetXml = (rows: readonly (readonly XlsxCell[])[]): string => {
  const width = Math.max(1, ...rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => columnName(index));
  const parts: string[] = [
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><dimension ref="A1:${columns[width - 1]}${Math.max(1, rows.length)}"/><sheetData>`,
  ];
  rows.forEach((row, rowIndex) => {
    const line = rowIndex + 1;
    let xml = `<row r="${line}">`;
    row.forEach((value, columnIndex) => {
      xml += cellXml(`${columns[columnIndex]}${line}`, value);
    });
    parts.push(`${xml}</row>`);
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
};

/** MS-DOS date and time of a ZIP entry. */
const dosDateTime = (at: Date) => ({
  time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
});

/** A ZIP archive of deflated entries (node's native zlib; the sizes here never need ZIP64). */
const zip = (entries: [string, string][], at: Date): Buffer => {
  const { time, date } = dosDateTime(at);
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, fileName, packed);
    directory.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directorySize = directory.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
};

/**
 * A one-sheet xlsx workbook, written directly: the sheet XML as one string and native deflate.
 * SheetJS builds a cell object per value and compresses in JavaScript, which made an export of
 * 5 000 proxies take about a second of CPU; this takes a small fraction of it.
 */
export const buildXlsx = (sheetName: string, rows: readonly (readonly XlsxCell[])[], at = new Date()) =>
  zip([...staticParts(sheetName), ['xl/worksheets/sheet1.xml', sheetXml(rows)]], at);
