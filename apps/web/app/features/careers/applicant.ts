import type { Applicant, Language, MessageKey, UserView, VacancyWithCareer } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiGet } from '../../lib/api';
import { sessionKeys, sessionStored } from '../../lib/storage';

/**
 * The applicant's side of careers (SPEC §6: applicants need a personal profile). Who is signed in
 * and what they applied to is asked by the browser (the careers pages are the same for everyone,
 * so the server keeps them); the two steps of an application are carried between their pages in
 * the tab's session, so a reload or a step back loses nothing typed.
 */

export type Profile =
  | { status: 'loading' }
  | { status: 'signedOut'; vacancies: VacancyWithCareer[] }
  | { status: 'ready'; user: UserView; vacancies: VacancyWithCareer[] }
  | { status: 'failed'; error: MessageKey };

export function useApplicantProfile(language: Language) {
  const [profile, setProfile] = useState<Profile>({ status: 'loading' });
  const load = useCallback(async () => {
    setProfile({ status: 'loading' });
    try {
      const [user, vacancies] = await Promise.all([
        apiGet<UserView>('/User/get-user').catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) return null;
          throw error;
        }),
        apiGet<VacancyWithCareer[]>(`/Vacancy/with-career?language=${language}`),
      ]);
      setProfile(user ? { status: 'ready', user, vacancies } : { status: 'signedOut', vacancies });
    } catch {
      setProfile({ status: 'failed', error: 'VACANCIES_LOAD_FAILED' });
    }
  }, [language]);
  useEffect(() => {
    void load();
  }, [load]);
  return { profile, reload: load };
}

/** Sign-in and registration come back to `path` (features/auth/session.ts). */
export function comeBackTo(path: string) {
  sessionStored.set(sessionKeys.afterSignIn, path);
}

export interface ApplicationDraft extends Applicant {
  vacancyId: string;
  motivationLetter: string;
}

export function readDraft(vacancyId: string): ApplicationDraft | null {
  try {
    const draft = JSON.parse(sessionStored.get(sessionKeys.applicationDraft) ?? 'null') as ApplicationDraft | null;
    return draft?.vacancyId === vacancyId ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: ApplicationDraft) {
  sessionStored.set(sessionKeys.applicationDraft, JSON.stringify(draft));
}

export function clearDraft() {
  sessionStored.set(sessionKeys.applicationDraft, null);
}

/** A date of an application, in the page's language and Baku's calendar. */
export function dateOf(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'Asia/Baku' }).format(new Date(iso));
}
