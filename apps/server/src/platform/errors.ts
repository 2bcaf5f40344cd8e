import {
  DEFAULT_LANGUAGE,
  type ErrorBody,
  type ErrorCode,
  errorStatus,
  type FieldErrors,
  isLanguage,
  isMessageKey,
  type Language,
  type MessageParams,
  translate,
} from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  CONFLICT_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  isDiskFull,
  isTransactionConflict,
} from '../db/faults.js';
import { sendUnavailablePage } from './unavailable-page.js';

/** A failure a service expects: it becomes the error envelope with the code's status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: FieldErrors,
    /** Seconds after which a rate-limited call may be retried. */
    readonly retryAfter?: number,
    /** Figures the message names (`{{held}}` …), sent beside it as `params`. */
    readonly params?: MessageParams,
    /** Figures of one field's message, where fields name different ones. */
    readonly fieldParams?: Record<string, MessageParams>,
  ) {
    super(code);
  }
}

/** The caller's language: the stored preference cookie, then Accept-Language, then az. */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.language;
  if (isLanguage(cookie)) return cookie;
  return languageOfHeaders(null, request.headers['accept-language']);
}

/** The same from raw headers, where no Fastify request is at hand (the tus endpoint's hooks). */
export function languageOfHeaders(cookie: string | null | undefined, accept: string | null | undefined): Language {
  const stored = /(?:^|;\s*)language=([a-z]{2})(?:;|$)/.exec(cookie ?? '')?.[1];
  if (isLanguage(stored)) return stored;
  if (accept) {
    for (const part of accept.split(',')) {
      const tag = part.trim().slice(0, 2).toLowerCase();
      if (isLanguage(tag)) return tag;
    }
  }
  return DEFAULT_LANGUAGE;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const language = requestLanguage(request);
  if (error.retryAfter) reply.header('retry-after', String(Math.ceil(error.retryAfter)));
  const body: ErrorBody = { error: { code: error.code, message: translate(error.code, language, error.params) } };
  if (error.params) body.error.params = error.params;
  if (error.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, code]) => {
        const params = error.fieldParams?.[field];
        return [
          field,
          { code, message: translate(code, language, params ?? error.params), ...(params ? { params } : {}) },
        ];
      }),
    );
  }
  return reply.status(errorStatus[error.code]).send(body);
}

/** Zod issues → field errors keyed by path; the first message of a field wins. */
function fieldsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: string[] }[],
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'unknownField';
      continue;
    }
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= isMessageKey(issue.message) ? issue.message : 'invalidValue';
  }
  return fields;
}

/** Seconds a caller is told to wait (Retry-After) when a write is refused for a full disk. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/** Whether the request is one of the API's (the envelope) rather than a page. */
export function isApiRequest(request: FastifyRequest): boolean {
  return /^\/api(?:[/?]|$)/.test(request.url);
}

/** 503 with Retry-After: the envelope for the API, the server's own page for anything else. */
export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  code: 'SERVICE_UNAVAILABLE' | 'STORAGE_FULL',
  retryAfterSeconds: number,
) {
  if (isApiRequest(request)) return sendError(request, reply, new AppError(code, undefined, retryAfterSeconds));
  return sendUnavailablePage(request, reply, requestLanguage(request), code, retryAfterSeconds);
}

export function registerErrorHandler(
  app: FastifyInstance,
  /** `onDiskFull`: a write failed for want of space (the disk guard looks again at once). */
  options: { onDiskFull?: () => void } = {},
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsFromIssues(
        error.validation.map((v) => ({
          // The provider flattens each zod issue: path in instancePath, code in keyword.
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
          code: v.keyword,
          keys: (v.params as { keys?: string[] }).keys,
        })),
      );
      return sendError(request, reply, new AppError('VALIDATION_FAILED', fields));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(request, reply, new AppError('INVALID_JSON'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return sendError(request, reply, new AppError('PAYLOAD_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(request, reply, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    }
    if (error.statusCode === 416) {
      // A range past a kept file's end (a player seeking; @fastify/static's answer): HTTP's 416
      // with the file's size, so that the player can ask again — as files in a bucket answer.
      const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
      if (range) reply.header('content-range', range);
      return reply.code(416).send();
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other client errors Fastify detects (bad content length, malformed URL …).
      return sendError(
        request,
        reply,
        new AppError(error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED'),
      );
    }
    // The database out of reach or its disk full is no fault of the request: it may be tried
    // again (503 with Retry-After), and pages get a page, not the API's envelope.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendUnavailable(request, reply, 'SERVICE_UNAVAILABLE', DATABASE_RETRY_AFTER_SECONDS);
    }
    if (isTransactionConflict(error)) {
      request.log.warn(
        { err: error },
        'transaction ended by PostgreSQL for another (a deadlock or a serialization failure)',
      );
      return sendUnavailable(request, reply, 'SERVICE_UNAVAILABLE', CONFLICT_RETRY_AFTER_SECONDS);
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      options.onDiskFull?.();
      return sendUnavailable(request, reply, 'STORAGE_FULL', DISK_FULL_RETRY_AFTER_SECONDS);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND')));
}

/**
 * PostgreSQL text can't hold U+0000: a string carrying it would fail in the database as a 500.
 * Refused up front, on every field of the params, query and JSON body, as an invalid value.
 */
export function rejectNulCharacters(request: FastifyRequest) {
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
  }
  const pathOf = (node: Node) => {
    const keys: string[] = [];
    for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) keys.unshift(n.key);
    return keys.join('.') || '_';
  };
  const fields: FieldErrors = {};
  // Iterative, and a path is only spelled out when needed: a 1 MB body may nest very deep.
  const stack: Node[] = [{ value: request.params }, { value: request.query }, { value: request.body }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) fields[pathOf(node)] ??= 'invalidValue';
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) stack.push({ value: child, key, parent: node });
    }
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}

export { fieldsFromIssues };
