import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { read, utils } from 'xlsx';
import { buildXlsx, escapeXml } from './proxy-export.xlsx';

/** The entries of a ZIP archive, read through its central directory (names and inflated bytes). */
const unzip = (file: Buffer) => {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const packedSize = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const offset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28);
    const data = inflateRawSync(file.subarray(dataAt, dataAt + packedSize));
    expect(data.length).toBe(size);
    entries.set(name, data);
    at += 46 + nameLength;
  }
  return entries;
};

describe('the xlsx writer of exports', () => {
  it('writes a workbook that reads back to the same cells, whatever the text holds', () => {
    const texts = [
      'a & b < c > "d"',
      ' leading blank',
      'trailing blank ',
      'two\r\nlines',
      'tab\there',
      'bell\u0007',
      '_x0041_ stays literal',
      '店铺 A, "quoted"',
      'emoji 😀',
      '',
      'lone surrogate \ud800!',
    ];
    const rows = [['text', 'number'], ...texts.map((text, index) => [text, index * 1000])];
    const book = read(buildXlsx('proxies', rows));
    expect(book.SheetNames).toEqual(['proxies']);
    const sheet = book.Sheets.proxies;
    if (!sheet) throw new Error('no sheet');
    expect(utils.sheet_to_json(sheet, { header: 1 })).toEqual(rows);
    expect(sheet.B3).toMatchObject({ t: 'n', v: 1000 });
    expect(sheet['!ref']).toBe(`A1:B${rows.length}`);
  });

  it('packs valid ZIP entries, each inflating to its declared size', () => {
    const entries = unzip(buildXlsx('proxies', [['a', 1]]));
    expect([...entries.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(entries.get('xl/worksheets/sheet1.xml')?.toString('utf8')).toContain(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1"><v>1</v></c></row>',
    );
  });

  it('names columns past Z as spreadsheets do', () => {
    const row = Array.from({ length: 28 }, (_, index) => `c${index}`);
    const sheet = read(buildXlsx('wide', [row])).Sheets.wide;
    expect(sheet?.Z1?.v).toBe('c25');
    expect(sheet?.AA1?.v).toBe('c26');
    expect(sheet?.AB1?.v).toBe('c27');
  });

  it('escapes only what XML or the spreadsheet escapes would change', () => {
    expect(escapeXml('plain text 123')).toBe('plain text 123');
    expect(escapeXml('<&>"')).toBe('&lt;&amp;&gt;&quot;');
    expect(escapeXml('\r\u0001')).toBe('_x000D__x0001_');
    expect(escapeXml('_x00AF_')).toBe('_x005F_x00AF_');
  });
});
