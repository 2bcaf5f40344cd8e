import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface RunningCaddy {
  httpsPort: number;
  httpPort: number;
  /** What Caddy printed so far (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Debian's Caddy running the repository's deploy/Caddyfile in front of `upstreams` (host:port),
 * on free ports, with its own CA (local_certs) and its data in a directory of its own: the
 * production front as the tests (Caddy and the two processes; the domains journey) use it.
 */
export async function startCaddy(options: {
  upstreams: string[];
  askUrl: string;
  platformHost: string;
}): Promise<RunningCaddy> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const home = await mkdtemp(path.join(os.tmpdir(), 'caddy-'));
  let output = '';
  const caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', path.join(root, 'deploy/Caddyfile')], {
    env: {
      ...process.env,
      HTTP_PORT: String(httpPort),
      HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: 'off',
      CADDY_ISSUER: 'local_certs',
      PLATFORM_HOST: options.platformHost,
      UPSTREAMS: options.upstreams.join(' '),
      ASK_URL: options.askUrl,
      // Its certificates and CA in a directory of its own.
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      HOME: home,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  caddy.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    caddy.kill('SIGTERM');
    await rm(home, { recursive: true, force: true });
  };
  try {
    await listening(httpsPort, 20_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; Caddy said:\n${output}`);
  }
  return { httpsPort, httpPort, output: () => output, stop };
}
