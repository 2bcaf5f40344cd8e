import {
  isUuid,
  type Language,
  type MessageKey,
  type StorefrontLoadContext,
  type Vacancy,
  type VacancySummary,
} from '@shop/shared';
import { data } from 'react-router';
import { publishedOn } from '../../lib/published-on.server';
import { requestLanguage } from '../../lib/request-language';
import { catalogueOf, textsOf } from '../../lib/texts.server';

export type DatedVacancySummary = VacancySummary & { date: string | null };
export type DatedVacancy = Vacancy & { date: string | null };

/** What the careers pages say when something fails, in the page's language (SPEC §8 Careers). */
const MESSAGES: MessageKey[] = [
  'VACANCIES_LOAD_FAILED',
  'APPLICATION_FAILED',
  'ALREADY_APPLIED',
  'applicantFieldsRequired',
  'letterTooShort',
  'letterTooLong',
  'cvRequired',
  'CV_TYPE_INVALID',
  'CV_TOO_LARGE',
  'FILE_UPLOAD_FAILED',
  'RATE_LIMITED',
  'SPAM_SUSPECTED',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'NETWORK_ERROR',
  'TIMEOUT',
  'INTERNAL',
  'invalidEmail',
  'invalidPhone',
  'tooLong',
];

function careerTexts(language: Language) {
  return { texts: textsOf(language, ['careers']), catalogue: catalogueOf(language, MESSAGES) };
}

/** /apply: the open vacancies of the reader's language, dated in it. */
export async function loadVacancies(context: StorefrontLoadContext, request: Request) {
  const language = requestLanguage(request);
  const vacancies = await context.vacancies.list(language);
  return {
    ...careerTexts(language),
    vacancies: vacancies.map((v): DatedVacancySummary => ({ ...v, date: publishedOn(v.publishedAt, language) })),
  };
}

/** /apply/{id} and its second step: the open vacancy, or a 404. */
export async function loadVacancy(context: StorefrontLoadContext, request: Request, id: string | undefined) {
  const found = id && isUuid(id) ? await context.vacancies.get(id) : null;
  if (!found) throw data(null, { status: 404 });
  const language = requestLanguage(request);
  return {
    ...careerTexts(language),
    vacancy: { ...found, date: publishedOn(found.publishedAt, language) } as DatedVacancy,
  };
}
