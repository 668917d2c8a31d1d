import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningNginx {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Debian's nginx (installed by .ci/run), or undefined. */
export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the repository's deploy/nginx.conf in front of the given shop ports: the same file, with
 * only its listen port, upstream ports, worker count and file paths replaced for a test.
 */
export async function startNginx(options: { listenPort: number; upstreamPorts: number[] }): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (.ci/run installs Debian’s nginx-light)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-nginx-'));
  // Workers may run as another user: they write request bodies and logs here.
  fs.chmodSync(dir, 0o777);
  const original = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx.conf'), 'utf8');
  const upstreamLines = original.match(/^ {4}server 127\.0\.0\.1:\d+ (.*);$/gm) ?? [];
  if (upstreamLines.length === 0) throw new Error('deploy/nginx.conf has no upstream servers');
  const params = / {4}server 127\.0\.0\.1:\d+ (.*);/.exec(upstreamLines[0]!)![1]!;
  let config = original
    .replace(/^worker_processes .*;$/m, 'worker_processes 1;')
    .replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
    .replaceAll('/var/log/nginx/', `${dir}/`)
    .replaceAll('/var/lib/nginx/', `${dir}/`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${options.listenPort};`);
  config = config.replace(
    upstreamLines.join('\n'),
    options.upstreamPorts.map((port) => `    server 127.0.0.1:${port} ${params};`).join('\n'),
  );
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, config);
  const child = spawn(binary, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(options.listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl: `http://127.0.0.1:${options.listenPort}`,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
