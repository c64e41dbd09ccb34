/**
 * Scanning of message heads in place: the forward path reads two heads per request (the client's
 * request and the target's response), so fields are checked, classified and copied by index into
 * the head's text, without splitting it into lines or running a regular expression per field.
 */

/** tchar (RFC 9110 §5.6.2) by character code below 128. */
const TCHAR = new Uint8Array(128);
for (const char of "!#$%&'*+-.^_`|~") TCHAR[char.charCodeAt(0)] = 1;
for (let code = 0x30; code <= 0x39; code += 1) TCHAR[code] = 1;
for (let code = 0x41; code <= 0x5a; code += 1) TCHAR[code] = 1;
for (let code = 0x61; code <= 0x7a; code += 1) TCHAR[code] = 1;

/** Whether `text[start, end)` is a token (a method or a field name): one tchar at least. */
export const isToken = (text: string, start: number, end: number): boolean => {
  if (end <= start) return false;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || TCHAR[code] === 0) return false;
  }
  return true;
};

/** Whether `text[start, end)` holds a control character (HTAB is allowed): CR, LF, NUL and the like. */
export const hasControlIn = (text: string, start: number, end: number): boolean => {
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
};

const isOws = (code: number): boolean => code === 0x20 || code === 0x09;

/** Where a field value starts once the optional whitespace before it is skipped. */
export const owsStart = (text: string, start: number, end: number): number => {
  let at = start;
  while (at < end && isOws(text.charCodeAt(at))) at += 1;
  return at;
};

/** Where a field value ends once the optional whitespace after it is dropped. */
export const owsEnd = (text: string, start: number, end: number): number => {
  let at = end;
  while (at > start && isOws(text.charCodeAt(at - 1))) at -= 1;
  return at;
};

/**
 * Whether `text[start, end)` is `lower` in any case (`lower`: lower-case letters and '-'), for a
 * token or a field value without control characters ('=' may be in `lower` too).
 */
export const isNamed = (text: string, start: number, end: number, lower: string): boolean => {
  if (end - start !== lower.length) return false;
  for (let i = 0; i < lower.length; i += 1) {
    // Setting 0x20 folds A–Z onto a–z; besides them only CR (a control character) folds onto one
    // of these ('-').
    if ((text.charCodeAt(start + i) | 0x20) !== lower.charCodeAt(i)) return false;
  }
  return true;
};

/** The fields a proxy reads or drops itself; every other field is end-to-end. */
export const Field = {
  Other: 0,
  Host: 1,
  Expect: 2,
  ContentLength: 3,
  Connection: 4,
  ProxyConnection: 5,
  KeepAlive: 6,
  Te: 7,
  Trailer: 8,
  TransferEncoding: 9,
  Upgrade: 10,
  ProxyAuthorization: 11,
  ProxyAuthenticate: 12,
} as const;
export type Field = (typeof Field)[keyof typeof Field];

/** Hop-by-hop fields (RFC 9110 §7.6.1), and the proxy's own: never forwarded. */
export const isHopByHop = (field: Field): boolean => field >= Field.Connection;

/** Which field the token name `text[start, end)` is, in any case. */
export const fieldOf = (text: string, start: number, end: number): Field => {
  switch (end - start) {
    case 2:
      return isNamed(text, start, end, 'te') ? Field.Te : Field.Other;
    case 4:
      return isNamed(text, start, end, 'host') ? Field.Host : Field.Other;
    case 6:
      return isNamed(text, start, end, 'expect') ? Field.Expect : Field.Other;
    case 7:
      if (isNamed(text, start, end, 'upgrade')) return Field.Upgrade;
      return isNamed(text, start, end, 'trailer') ? Field.Trailer : Field.Other;
    case 10:
      if (isNamed(text, start, end, 'connection')) return Field.Connection;
      return isNamed(text, start, end, 'keep-alive') ? Field.KeepAlive : Field.Other;
    case 14:
      return isNamed(text, start, end, 'content-length') ? Field.ContentLength : Field.Other;
    case 16:
      return isNamed(text, start, end, 'proxy-connection') ? Field.ProxyConnection : Field.Other;
    case 17:
      return isNamed(text, start, end, 'transfer-encoding') ? Field.TransferEncoding : Field.Other;
    case 18:
      return isNamed(text, start, end, 'proxy-authenticate') ? Field.ProxyAuthenticate : Field.Other;
    case 19:
      return isNamed(text, start, end, 'proxy-authorization') ? Field.ProxyAuthorization : Field.Other;
    default:
      return Field.Other;
  }
};

/** Whether `text[start, end)` is 1 to 15 decimal digits (a Content-Length). */
export const isLength = (text: string, start: number, end: number): boolean => {
  if (end <= start || end - start > 15) return false;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
};

/** How a head line ends in the head's text. */
export const LineEnd = {
  /** CRLF, in the text. */
  Crlf: 0,
  /** The end of the text (a request head's last line: the text stops before the blank line). */
  Text: 1,
  /** A bare LF (tolerated in responses). */
  Lf: 2,
} as const;
export type LineEnd = (typeof LineEnd)[keyof typeof LineEnd];

/**
 * Collects the end-to-end fields of a head as `Name: value\r\n` lines: a field written exactly so
 * in the head (one space after the colon, no whitespace after the value, CRLF) is copied as part
 * of a run of such lines, taken from the head's text in one slice; any other is written out
 * normalised.
 */
export class ForwardedLines {
  private text = '';
  private lines = '';
  /** Start of the run of verbatim lines not copied yet (-1: none). */
  private runStart = -1;
  /** Where that run ends in the text (past its last CRLF, or at the end of the text). */
  private runEnd = -1;
  /** The run's last line ends the text: its CRLF is added. */
  private runNeedsCrlf = false;

  /** Starts over for the head `text`. */
  reset(text: string): void {
    this.text = text;
    this.lines = '';
    this.runStart = -1;
    this.runEnd = -1;
    this.runNeedsCrlf = false;
  }

  /**
   * Adds the field of the line `text[lineStart, lineEnd)` whose colon is at `colon` and whose
   * value, without its optional whitespace, is `text[valueStart, valueEnd)`.
   */
  add(
    lineStart: number,
    colon: number,
    valueStart: number,
    valueEnd: number,
    lineEnd: number,
    ending: LineEnd,
  ) {
    const { text } = this;
    // `Name: value` as written is what would be written out.
    if (
      ending !== LineEnd.Lf &&
      valueStart === colon + 2 &&
      valueEnd === lineEnd &&
      text.charCodeAt(colon + 1) === 0x20
    ) {
      if (this.runEnd !== lineStart || this.runNeedsCrlf) {
        this.flush();
        this.runStart = lineStart;
      }
      if (ending === LineEnd.Crlf) this.runEnd = lineEnd + 2;
      else {
        this.runEnd = lineEnd;
        this.runNeedsCrlf = true;
      }
      return;
    }
    this.flush();
    this.lines += `${text.slice(lineStart, colon)}: ${text.slice(valueStart, valueEnd)}\r\n`;
  }

  /** The lines collected. */
  finish(): string {
    this.flush();
    const { lines } = this;
    this.text = '';
    this.lines = '';
    return lines;
  }

  private flush(): void {
    if (this.runStart < 0) return;
    let run = this.text.slice(this.runStart, this.runEnd);
    if (this.runNeedsCrlf) run += '\r\n';
    this.lines = this.lines === '' ? run : this.lines + run;
    this.runStart = -1;
    this.runEnd = -1;
    this.runNeedsCrlf = false;
  }
}
