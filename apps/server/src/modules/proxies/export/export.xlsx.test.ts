import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, toSheetText } from './export.xlsx';

/** The entries of a ZIP archive, read through its central directory (names and inflated bytes). */
const unzip = (file: Buffer) => {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const method = file.readUInt16LE(at + 10);
    const packedSize = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const offset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const packed = file.subarray(dataAt, dataAt + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : packed;
    expect(data.length).toBe(size);
    entries.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

/** The workbook as ExcelJS's reader sees it. */
const readBook = async (file: Buffer) => {
  const book = new ExcelJS.Workbook();
  // ExcelJS types its input as an ArrayBuffer (it reads one as well as a Buffer).
  await book.xlsx.load(Uint8Array.from(file).buffer);
  return book;
};

/** Every row of a sheet, as arrays of cell values. */
const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

describe('the xlsx writer of exports', () => {
  it('writes a workbook that reads back to the same cells, whatever the text holds', async () => {
    const texts = [
      'a & b < c > "d"',
      ' leading blank',
      'trailing blank ',
      'two\r\nlines',
      'lone\rCR',
      'tab\there',
      'bell\u0007',
      '_x0041_ stays literal',
      '店铺 A, "quoted"',
      'emoji 😀',
      '',
      'lone surrogate \ud800!',
    ];
    const rows = [['text', 'number'], ...texts.map((text, index) => [text, index * 1000])];
    const book = await readBook(await buildXlsx('proxies', rows));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['proxies']);
    const sheet = book.getWorksheet('proxies');
    if (!sheet) throw new Error('no sheet');
    expect(rowsOf(sheet)).toEqual(rows);
    expect(sheet.getCell('B3').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.dimensions.range).toBe(`A1:B${rows.length}`);
  });

  it('packs the parts of a workbook, its text in the shared-string table and no formula anywhere', async () => {
    const entries = unzip(await buildXlsx('proxies', [["'=1+1", 1]]));
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining([
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/workbook.xml',
        'xl/sharedStrings.xml',
        'xl/worksheets/sheet1.xml',
      ]),
    );
    const sheetXml = entries.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    expect(sheetXml).toMatch(/<c r="A1" t="s"><v>0<\/v><\/c><c r="B1"><v>1<\/v><\/c>/);
    expect(sheetXml).not.toContain('<f>');
    expect(entries.get('xl/sharedStrings.xml')?.toString('utf8')).toContain('<si><t>&apos;=1+1</t></si>');
  });

  it('names columns past Z as spreadsheets do', async () => {
    const row = Array.from({ length: 28 }, (_, index) => `c${index}`);
    const sheet = (await readBook(await buildXlsx('wide', [row]))).getWorksheet('wide');
    expect(sheet?.getCell('Z1').value).toBe('c25');
    expect(sheet?.getCell('AA1').value).toBe('c26');
    expect(sheet?.getCell('AB1').value).toBe('c27');
  });

  it('escapes only what the xlsx string escapes must carry, and leaves the XML escaping to ExcelJS', () => {
    expect(toSheetText('plain text 123')).toBe('plain text 123');
    expect(toSheetText('<&>"')).toBe('<&>"');
    expect(toSheetText('tab\tLF\n')).toBe('tab\tLF\n');
    expect(toSheetText('\r\u0001')).toBe('_x000D__x0001_');
    expect(toSheetText('_x00AF_')).toBe('_x005F_x00AF_');
    expect(toSheetText('snake_case')).toBe('snake_case');
    expect(toSheetText('\ud800')).toBe('_xD800_');
  });
});
