import {
  contactRequestSchema,
  errorStatus,
  HONEYPOT_FIELD,
  helpRequestSchema,
  isMessageKey,
  type Language,
  messages,
  type SiteRequestKind,
  type StorefrontLoadContext,
} from '@shop/shared';
import { data, redirect } from 'react-router';
import { requestLanguage } from '../../lib/request-language';
import type { RequestFormResult } from './request-form';

/** A catalogue text in the page's language; the key itself when there is none. */
function text(key: string, language: Language): string {
  return isMessageKey(key) ? messages[key][language] : key;
}

/** An error of the server's services (AppError), told apart by its code. */
function errorCode(error: unknown): keyof typeof errorStatus | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code in errorStatus ? (code as keyof typeof errorStatus) : null;
}

/**
 * A site form's action (help request, contact message), posted by the browser itself (the site's
 * pages carry no script): the same rules as the API's calls — the hidden field first, then each
 * field's, then the sender's address's limit. A kept request goes on to /success-page; anything
 * else shows the form again with what was typed and why, in the page's language.
 */
export async function submitRequestForm(
  kind: SiteRequestKind,
  request: Request,
  context: StorefrontLoadContext,
): Promise<ReturnType<typeof data<RequestFormResult>>> {
  const language = requestLanguage(request);
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') values[name] = value;
  const { [HONEYPOT_FIELD]: trap, ...typed } = values;
  const refused = (code: keyof typeof errorStatus) =>
    data<RequestFormResult>({ values: typed, fields: {}, error: text(code, language) }, { status: errorStatus[code] });
  if (trap?.trim()) return refused('SPAM_SUSPECTED');
  const parsed = (kind === 'help' ? helpRequestSchema : contactRequestSchema).safeParse(typed);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      fields[field] ??= text(issue.message, language);
    }
    return data<RequestFormResult>(
      { values: typed, fields, error: text('VALIDATION_FAILED', language) },
      { status: 400 },
    );
  }
  let receipt: { number: number };
  try {
    receipt = await context.requests.submit(kind, parsed.data, { ip: context.clientIp, language });
  } catch (error) {
    const code = errorCode(error);
    if (code && errorStatus[code] < 500) return refused(code);
    throw error;
  }
  // With a fragment of its own: a form posted to "…#ask" would otherwise pass its fragment on.
  throw redirect(`/success-page?kind=${kind}&number=${receipt.number}#sent`, 303);
}
