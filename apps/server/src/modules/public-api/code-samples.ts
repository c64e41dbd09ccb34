/**
 * Generated code samples of the public API's OpenAPI documents (`x-codeSamples`, which Scalar and
 * Redoc show beside each operation): curl, Python (requests) and Node.js (fetch), with the real
 * path, parameters and body of each operation.
 */

/** Example values one operation's samples use. */
export interface OperationSample {
  /** Values of the path's `{placeholders}`. */
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
  /** The operation spends money: the samples send an Idempotency-Key. */
  idempotent?: boolean;
  /** The answer is text, not the JSON envelope. */
  text?: boolean;
}

/** One entry of `x-codeSamples`. */
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** Where the samples send their calls and how they authenticate. */
export interface SampleTarget {
  baseUrl: string;
  keyHeader: string;
  idempotencyHeader: string;
  /** Environment variable the samples read the key from. */
  keyVariable: string;
}

const queryString = (query: OperationSample['query']) => {
  const entries = Object.entries(query ?? {}).map(([key, value]): [string, string] => [key, String(value)]);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
};

const fillPath = (path: string, params: OperationSample['params']) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? `<${name}>`));

/** Title case of an HTTP header name (`x-api-key` → `X-API-Key`), as people write it. */
const headerName = (name: string) =>
  name
    .split('-')
    .map((part) => (part === 'api' ? 'API' : `${part.charAt(0).toUpperCase()}${part.slice(1)}`))
    .join('-');

/** A fresh UUID in a POSIX shell, on macOS and on any Linux. */
export const UUID_SHELL = 'uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const curlSample = (method: string, url: string, sample: OperationSample, target: SampleTarget) => {
  const lines = [
    `curl -X ${method} ${shellQuote(url)}`,
    `  -H "${headerName(target.keyHeader)}: $${target.keyVariable}"`,
  ];
  // uuidgen is on macOS but not on every Linux (Debian's is in uuid-runtime); the kernel's
  // generator stands in there.
  if (sample.idempotent) lines.push(`  -H "${headerName(target.idempotencyHeader)}: $(${UUID_SHELL})"`);
  if (sample.body) {
    lines.push(`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(sample.body))}`);
  }
  return lines.join(' \\\n');
};

/** A Python literal of a JSON value (True/False/None). */
const pythonLiteral = (value: unknown, indent = ''): string => {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return `[${value.map((item) => pythonLiteral(item, indent)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join('\n')}\n${indent}}`;
};

const pythonSample = (method: string, url: string, sample: OperationSample, target: SampleTarget) => {
  const headers = [`"${headerName(target.keyHeader)}": os.environ["${target.keyVariable}"]`];
  if (sample.idempotent) headers.push(`"${headerName(target.idempotencyHeader)}": str(uuid.uuid4())`);
  const args = [`    ${JSON.stringify(url)}`, `    headers={${headers.join(', ')}}`];
  if (sample.query && Object.keys(sample.query).length > 0)
    args.push(`    params=${pythonLiteral(sample.query, '    ')}`);
  if (sample.body) args.push(`    json=${pythonLiteral(sample.body, '    ')}`);
  args.push('    timeout=30');
  return [
    sample.idempotent ? 'import os\nimport uuid\n' : 'import os\n',
    'import requests',
    '',
    `response = requests.${method.toLowerCase()}(`,
    `${args.join(',\n')},`,
    ')',
    sample.text ? 'print(response.text)' : 'print(response.json())',
  ].join('\n');
};

const nodeSample = (method: string, url: string, sample: OperationSample, target: SampleTarget) => {
  const headers = [`'${headerName(target.keyHeader)}': process.env.${target.keyVariable}`];
  if (sample.idempotent) headers.push(`'${headerName(target.idempotencyHeader)}': crypto.randomUUID()`);
  if (sample.body) headers.push(`'Content-Type': 'application/json'`);
  const options = [`  method: '${method}'`, `  headers: { ${headers.join(', ')} }`];
  if (sample.body) options.push(`  body: JSON.stringify(${JSON.stringify(sample.body)})`);
  return [
    `const response = await fetch('${url}', {`,
    `${options.join(',\n')},`,
    '});',
    sample.text ? 'console.log(await response.text());' : 'console.log(await response.json());',
  ].join('\n');
};

/** The curl, Python and Node.js samples of one operation. */
export const codeSamples = (
  method: string,
  path: string,
  sample: OperationSample,
  target: SampleTarget,
): CodeSample[] => {
  const verb = method.toUpperCase();
  const pathOnly = `${target.baseUrl}${fillPath(path, sample.params)}`;
  return [
    {
      lang: 'shell',
      label: 'curl',
      source: curlSample(verb, `${pathOnly}${queryString(sample.query)}`, sample, target),
    },
    { lang: 'python', label: 'Python (requests)', source: pythonSample(verb, pathOnly, sample, target) },
    {
      lang: 'javascript',
      label: 'Node.js (fetch)',
      source: nodeSample(verb, `${pathOnly}${queryString(sample.query)}`, sample, target),
    },
  ];
};
