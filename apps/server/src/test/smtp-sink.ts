import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The message exactly as transmitted (headers and body). */
  raw: string;
}

/** A plain SMTP server on 127.0.0.1 that keeps every message it accepts. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** Starts an SMTP server without TLS or authentication on a random local port. */
export const startSmtpSink = async (): Promise<SmtpSink> => {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // Without STARTTLS on offer, nodemailer speaks plain SMTP.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        messages.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A parsed MIME message: its headers (lower-case names, decoded) and its text parts. */
export interface ParsedMail {
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

/** Parses what `raw` needs for assertions: headers, and the text/plain and text/html bodies. */
export const parseMail = (raw: string): ParsedMail => {
  const parsed: ParsedMail = { headers: {}, text: null, html: null };
  const top = parsePart(raw);
  parsed.headers = Object.fromEntries(
    Object.entries(top.headers).map(([name, value]) => [name, decodeEncodedWords(value)]),
  );
  const visit = (part: MimePart) => {
    const { type, params } = contentType(part.headers['content-type']);
    if (type.startsWith('multipart/') && params.boundary) {
      for (const child of splitMultipart(part.body, params.boundary)) visit(parsePart(child));
      return;
    }
    const content = decodeBody(part.body, part.headers['content-transfer-encoding'], params.charset);
    if (type === 'text/plain' && parsed.text === null) parsed.text = content;
    if (type === 'text/html' && parsed.html === null) parsed.html = content;
  };
  visit(top);
  return parsed;
};

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

const parsePart = (raw: string): MimePart => {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
};

const contentType = (value = 'text/plain') => {
  const [type = 'text/plain', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    params[param.slice(0, equals).trim().toLowerCase()] = param
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
};

const splitMultipart = (body: string, boundary: string): string[] => {
  const delimiter = `--${boundary}`;
  const end = body.indexOf(`${delimiter}--`);
  return (end === -1 ? body : body.slice(0, end))
    .split(delimiter)
    .slice(1)
    .map((part) => part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''));
};

// The raw message was read as latin1, so each character is one byte of the transfer.
const decodeBody = (body: string, encoding = '7bit', charset = 'utf-8'): string => {
  const bytes =
    encoding.toLowerCase() === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding.toLowerCase() === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : Buffer.from(body, 'latin1');
  return new TextDecoder(charset).decode(bytes);
};

const decodeQuotedPrintable = (text: string): Buffer =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

// RFC 2047 encoded words, e.g. `=?UTF-8?Q?Code_=E2=80=94?=`; spaces between two words vanish.
const decodeEncodedWords = (value: string): string =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return new TextDecoder(charset).decode(bytes);
    });
