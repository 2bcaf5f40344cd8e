import type { Server } from 'node:http';
import net from 'node:net';

/**
 * How long a connection with nothing in flight keeps its chance to send one more request
 * (answered with `Connection: close`) before it is closed: a keep-alive client that sends just as
 * its connection is closed loses that request to a reset.
 */
const IDLE_GRACE_MS = 1000;
/** After the grace, connections that went idle since are closed this often. */
const IDLE_SWEEP_MS = 100;
/**
 * A turn of the event loop that took in no connection means the kernel's queue was empty when it
 * polled; the listener closes at the end of that turn, so connections completed meanwhile are
 * reset (only the kernel could close that gap). Only a turn this short — one with nothing to do —
 * will do: a turn spent rendering pages would reset every client that connected during it …
 */
const QUIET_TURN_MS = 0.2;
/**
 * … and, for the first QUIET_SPAN_WAIT_MS, only once no connection has come for QUIET_SPAN_MS: on
 * a loaded machine the kernel finishes a handshake some milliseconds after the client saw it
 * complete (its last ACK waits for a CPU), so one empty poll does not yet mean nobody is
 * connecting (CI saw such clients reset). Clients that never pause that long meet the close
 * after a short quiet turn, and a loop that is never idle is cut off at ACCEPT_DRAIN_MS (main.ts's
 * exit timer leaves the rest of its 10 s to answer what was taken in).
 */
const QUIET_SPAN_MS = 15;
const QUIET_SPAN_WAIT_MS = 2000;
const ACCEPT_DRAIN_MS = 5000;

const draining = new WeakSet<Server>();

/** Whether `server` is being drained: its answers then close their connections (app.ts). */
export function isDraining(server: Server): boolean {
  return draining.has(server);
}

/**
 * Stops taking connections and resolves once every request a client managed to send got its
 * whole answer and every connection has ended.
 *
 * `http.Server#close` alone resets requests: on Node ≥ 19 it destroys at once every connection
 * with no request in progress — which includes connections just accepted whose request has not
 * been read yet, and keep-alive connections whose next request is on its way — and connections
 * the kernel completed but the process had not taken in yet are reset when the listener closes.
 * Node (20, libuv 1.46) takes in one queued connection per turn of the event loop, so while the
 * loop is busy (server rendering, PGlite) that queue grows. So:
 * 1. answers from now on carry `Connection: close` (the client reconnects, to another process);
 * 2. the event loop turns until a (short) turn takes in no connection and none came for a while:
 *    the kernel's queue is empty;
 * 3. the listener closes right then (new connections are refused by the OS), the open
 *    connections stay and their requests are read and answered;
 * 4. idle connections get a short grace to send one more request, then are closed.
 * A request that is never completed is the caller's to cut short (main.ts's exit timer).
 */
export async function drain(server: Server): Promise<void> {
  draining.add(server);
  let accepted = 0;
  const count = () => accepted++;
  server.on('connection', count);
  const start = performance.now();
  let lastAccepted = start;
  await ioTurn();
  for (let settled = false; !settled && performance.now() - start < ACCEPT_DRAIN_MS; ) {
    const before = accepted;
    const turn = performance.now();
    // Called from the check phase, this resolves after the next poll for I/O.
    await new Promise((resolve) => setImmediate(resolve));
    const now = performance.now();
    if (accepted !== before) lastAccepted = now;
    const quietFor = now - lastAccepted;
    settled =
      accepted === before &&
      now - turn < QUIET_TURN_MS &&
      (quietFor >= QUIET_SPAN_MS || now - start > QUIET_SPAN_WAIT_MS);
  }
  server.off('connection', count);
  const ended = new Promise<void>((resolve) => {
    // net.Server's close, not http.Server's: it stops listening without dropping connections.
    net.Server.prototype.close.call(server, () => resolve());
  });
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    const closeIdle = () => ioTurn().then(() => server.closeIdleConnections());
    void closeIdle();
    sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
  }, IDLE_GRACE_MS);
  try {
    await ended;
  } finally {
    clearTimeout(grace);
    clearInterval(sweep);
  }
}

/**
 * Resolves after the event loop has polled for I/O at least once (reading what arrived on open
 * connections): the second setImmediate runs in the check phase of the next turn, after its poll.
 */
function ioTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
