import {
  DEFAULT_LANGUAGE,
  type ErrorBody,
  type ErrorCode,
  errorStatus,
  type FieldErrors,
  isLanguage,
  isMessageKey,
  type Language,
  translate,
} from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure a service expects: it becomes the error envelope with the code's status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: FieldErrors,
    /** Seconds after which a rate-limited call may be retried. */
    readonly retryAfter?: number,
  ) {
    super(code);
  }
}

/** The caller's language: the stored preference cookie, then Accept-Language, then az. */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.language;
  if (isLanguage(cookie)) return cookie;
  const accept = request.headers['accept-language'];
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
  const body: ErrorBody = { error: { code: error.code, message: translate(error.code, language) } };
  if (error.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(error.fields).map(([field, code]) => [field, { code, message: translate(code, language) }]),
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

export function registerErrorHandler(app: FastifyInstance) {
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
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other client errors Fastify detects (bad content length, malformed URL …).
      return sendError(
        request,
        reply,
        new AppError(error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED'),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('NOT_FOUND')));
}

export { fieldsFromIssues };
