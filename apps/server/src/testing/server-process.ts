import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a separate process (`apps/server/src/main.ts`, web build included), for the
 * fault tests: kill it, starve it, flood it, and read what it printed. The web build must exist
 * (vitest's global setup makes it: testing/global-setup.ts).
 */
export interface ServerProcess {
  /** http://127.0.0.1:port */
  origin: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once `text` has appeared in the output (or rejects after `timeoutMs`). */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Sends `signal` and resolves with the exit code (or the signal) once the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The exit, whenever it comes. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const mainModule = path.join(root, 'apps/server/src/main.ts');

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts the server with `env` on top of quiet, embedded defaults (a fresh data directory unless
 * DATA_DIR is given) and waits until /api/health answers. `waitForHealth: false` returns at once
 * (for a start that is meant to fail). The process is killed when the test process exits.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { waitForHealth?: boolean; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(os.tmpdir(), 'shop-proc-'));
  const dataDir = env.DATA_DIR ?? (ownDataDir as string);
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', mainModule], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(async () => {
    process.off('exit', killOnExit);
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  });

  const waitForOutput = (pattern: string | RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
      if (matches()) return resolve();
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${String(pattern)} in the server's output after ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      const check = () => {
        if (!matches()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });

  const server: ServerProcess = {
    origin,
    port,
    dataDir,
    child,
    output: () => text,
    waitForOutput,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitForHealth === false) return server;

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited before answering:\n${text}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`the server did not answer /api/health in time:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
