import { execFile } from 'node:child_process';

/** What curl answered. */
export interface CurlResult {
  /** curl's exit code (0 on success; 56/97/… on proxy failures). */
  exitCode: number;
  /** HTTP status of the final response (0 when none). */
  status: number;
  /** Status of the proxy's answer to CONNECT (0 when none). */
  connectStatus: number;
  body: string;
  stderr: string;
}

const MARKER = '\n@@curl@@';

/** Runs curl with `args` (silent, with a 20 s cap) and reads its status codes. */
export const curl = (args: string[]): Promise<CurlResult> =>
  new Promise((resolve) => {
    execFile(
      'curl',
      ['-s', '-S', '--max-time', '20', '-w', `${MARKER}%{http_code} %{http_connect}`, ...args],
      { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const at = stdout.lastIndexOf(MARKER);
        const [status = '0', connect = '0'] = stdout.slice(at + MARKER.length).split(' ');
        resolve({
          exitCode: error ? Number((error as { code?: number }).code ?? 1) : 0,
          status: Number(status),
          connectStatus: Number(connect),
          body: at >= 0 ? stdout.slice(0, at) : stdout,
          stderr,
        });
      },
    );
  });
