/** A message that does not follow HTTP/1.1 closely enough to be relayed. */
export class InvalidMessage extends Error {
  override readonly name = 'InvalidMessage';
}

const CR = 13;
const LF = 10;

/** Longest chunk-size line (extensions included) and trailer section. */
const MAX_CHUNK_LINE = 4 * 1024;
const MAX_TRAILERS = 16 * 1024;

/** A header field name (RFC 9110 token). */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Whether a field value holds a control character (HTAB is allowed): CR, LF, NUL and the like. */
export const hasControlChar = (value: string): boolean => {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
};

/** The value of a hex digit byte, or -1. */
const hexValue = (byte: number): number => {
  if (byte >= 48 && byte <= 57) return byte - 48;
  const lower = byte | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
};

/** Where the chunked decoder is. */
const State = {
  Size: 0,
  Extension: 1,
  SizeLf: 2,
  Data: 3,
  DataCr: 4,
  DataLf: 5,
  TrailerStart: 6,
  TrailerLine: 7,
  TrailerEndLf: 8,
} as const;
type State = (typeof State)[keyof typeof State];

/**
 * Decodes the chunked transfer coding (RFC 9112 §7.1) incrementally: chunk data goes to a
 * callback as slices of the input (no copy), extensions and trailers are dropped. Strict on the
 * framing (CRLF line ends, hex sizes, bounded extension and trailer sections).
 */
export class ChunkedDecoder {
  private state: State = State.Size;
  private remaining = 0;
  private digits = 0;
  private lineBytes = 0;
  private trailerBytes = 0;

  /**
   * Decodes `data` from `start`. Answers the offset just past the end of the chunked body (its
   * last chunk and trailers), or -1 when it continues in later bytes. Throws `InvalidMessage`.
   */
  feed(data: Buffer, start: number, onData: (bytes: Buffer) => void): number {
    let offset = start;
    const { length } = data;
    while (offset < length) {
      if (this.state === State.Data) {
        const take = Math.min(this.remaining, length - offset);
        onData(data.subarray(offset, offset + take));
        offset += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = State.DataCr;
        continue;
      }
      const byte = data[offset] ?? 0;
      offset += 1;
      switch (this.state) {
        case State.Size: {
          const digit = hexValue(byte);
          if (digit >= 0) {
            this.digits += 1;
            if (this.digits > 12) throw new InvalidMessage('chunk size');
            this.remaining = this.remaining * 16 + digit;
          } else if (this.digits === 0) {
            throw new InvalidMessage('chunk size');
          } else if (byte === CR) {
            this.state = State.SizeLf;
          } else if (byte === 0x3b || byte === 0x20 || byte === 0x09) {
            this.state = State.Extension;
          } else {
            throw new InvalidMessage('chunk size');
          }
          break;
        }
        case State.Extension:
          if (byte === CR) this.state = State.SizeLf;
          else if (byte === LF || ++this.lineBytes > MAX_CHUNK_LINE)
            throw new InvalidMessage('chunk extension');
          break;
        case State.SizeLf:
          if (byte !== LF) throw new InvalidMessage('chunk size line');
          this.digits = 0;
          this.lineBytes = 0;
          this.state = this.remaining === 0 ? State.TrailerStart : State.Data;
          break;
        case State.DataCr:
          if (byte !== CR) throw new InvalidMessage('chunk end');
          this.state = State.DataLf;
          break;
        case State.DataLf:
          if (byte !== LF) throw new InvalidMessage('chunk end');
          this.state = State.Size;
          break;
        case State.TrailerStart:
          if (byte === CR) this.state = State.TrailerEndLf;
          else if (byte === LF) throw new InvalidMessage('trailer line');
          else this.state = State.TrailerLine;
          break;
        case State.TrailerLine:
          if (++this.trailerBytes > MAX_TRAILERS) throw new InvalidMessage('trailers too large');
          if (byte === LF) this.state = State.TrailerStart;
          break;
        case State.TrailerEndLf:
          if (byte !== LF) throw new InvalidMessage('trailer end');
          return offset;
      }
    }
    return -1;
  }
}

/**
 * How a response body is delimited: as the target frames it (read by a forward exchange) and so
 * as it goes on to the client (written by the client connection).
 */
export const ResponseFraming = {
  /** No body (HEAD, 204, 304): the head says what it says. */
  None: 0,
  /** Content-Length, passed on with the head. */
  Length: 1,
  /**
   * Chunked transfer coding from the target; data of unknown length to the client: chunked to
   * HTTP/1.1 clients, delimited by the close to HTTP/1.0 ones.
   */
  Chunked: 2,
  /** Delimited by closing the connection. */
  UntilClose: 3,
} as const;
export type ResponseFraming = (typeof ResponseFraming)[keyof typeof ResponseFraming];

/** Encodes one chunk's size line. */
export const chunkSizeLine = (length: number): string => `${length.toString(16)}\r\n`;

/** The last chunk, without trailers. */
export const LAST_CHUNK = '0\r\n\r\n';
