import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether this request may see the dev mailbox (sign-in and reset codes of every account): only
 * when the mailbox is on (config.ts: the local quick start, never https) and the request comes
 * from this machine itself — its socket's peer is loopback and no proxy forwarded it (a proxy on
 * the same machine would make every visitor look local). Everyone else is told it does not exist.
 */
export function devMailboxAllowed(config: Config, request: FastifyRequest): boolean {
  if (!config.devMailbox) return false;
  const headers = request.headers;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}
