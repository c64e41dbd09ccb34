// Type-checks every workspace that has a `typecheck` script, as many at once as there are cores:
// one after another they took about two minutes of `npm test` on the 2-core CI machines.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const checked = workspaces.filter((workspace) => {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  return Boolean(manifest.scripts?.typecheck);
});

/** Runs one workspace's check; resolves with its exit code and everything it printed. */
const check = (workspace) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'typecheck', '--silent'], {
      cwd: join(root, workspace),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ workspace, code, output, seconds: (Date.now() - started) / 1000 }));
  });

/** How many TypeScript files a workspace has (node_modules and build output aside): the largest start first. */
const size = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((count, entry) => {
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? count : count + size(join(dir, entry.name));
    return count + (/\.tsx?$/.test(entry.name) ? 1 : 0);
  }, 0);
const queue = checked
  .map((workspace) => ({ workspace, files: size(join(root, workspace)) }))
  .sort((a, b) => b.files - a.files)
  .map(({ workspace }) => workspace);
const results = [];
const worker = async () => {
  for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
    const result = await check(workspace);
    results.push(result);
    process.stdout.write(
      `${result.code === 0 ? 'ok  ' : 'FAIL'} ${workspace} (${result.seconds.toFixed(1)} s)\n`,
    );
    if (result.code !== 0) process.stdout.write(result.output);
  }
};
await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
