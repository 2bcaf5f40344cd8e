import { HONEYPOT_FIELD } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The public forms' hidden field (HONEYPOT_FIELD): a person never sees it, a script fills it. A
 * form that filled it is refused before anything else (SPAM_SUSPECTED) — a script learns nothing
 * of the other rules, and nothing is kept.
 */
export function refuseTrapped(body: unknown): void {
  const value = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  if (typeof value === 'string' && value.trim() !== '') throw new AppError('SPAM_SUSPECTED');
}

/** The same as a route's preValidation: before the body's schema is looked at. */
export async function honeypotGuard(request: FastifyRequest): Promise<void> {
  refuseTrapped(request.body);
}
