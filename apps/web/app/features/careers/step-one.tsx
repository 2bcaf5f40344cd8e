import { APPLICANT_LIMITS, type Applicant, applicantSchema, formatPhone, type UserView } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readDraft, saveDraft } from './applicant';

const FIELDS = ['name', 'surname', 'email', 'phoneNumber'] as const;

/**
 * Step 1 of an application (SPEC §2 apply/{id}): name, surname, e-mail and phone, checked by the
 * same rules as the server's; on to the letter with what was typed kept in the tab.
 */
export function StepOne({ vacancyId, user }: { vacancyId: string; user: UserView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = readDraft(vacancyId);
  const [values, setValues] = useState<Applicant>(() => ({
    name: draft?.name ?? user.firstName ?? '',
    surname: draft?.surname ?? user.lastName ?? '',
    email: draft?.email ?? user.email,
    phoneNumber: draft?.phoneNumber ?? (user.phone ? formatPhone(user.phone) : ''),
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Applicant, string>>>({});
  const missing = Object.values(errors).includes('applicantFieldsRequired');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = applicantSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof Applicant, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Applicant] ??= issue.message;
      setErrors(found);
      return;
    }
    saveDraft({ vacancyId, ...parsed.data, motivationLetter: draft?.motivationLetter ?? '' });
    void navigate(`/apply/${vacancyId}/motivation-letter`);
  };

  const input = (field: (typeof FIELDS)[number], label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => {
    const error = errors[field];
    const showOwn = error && error !== 'applicantFieldsRequired';
    return (
      <div className="request-form__field">
        <label htmlFor={`applicant-${field}`}>{label}</label>
        <input
          id={`applicant-${field}`}
          name={field}
          required
          value={values[field]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((v) => ({ ...v, [field]: value }));
            setErrors((e) => ({ ...e, [field]: undefined }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={showOwn ? `applicant-${field}-error` : missing ? 'applicant-missing' : undefined}
          {...props}
        />
        {showOwn ? (
          <p className="request-form__error" id={`applicant-${field}-error`}>
            {t(`messages:${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="request-form" noValidate onSubmit={submit} data-testid="application-step-1">
      <h2>{t('careers.step1.title')}</h2>
      {missing ? (
        <p className="request-form__alert" role="alert" id="applicant-missing" data-testid="applicant-missing">
          {t('messages:applicantFieldsRequired')}
        </p>
      ) : null}
      <div className="request-form__row">
        {input('name', t('careers.fields.name'), { autoComplete: 'given-name', maxLength: APPLICANT_LIMITS.name })}
        {input('surname', t('careers.fields.surname'), {
          autoComplete: 'family-name',
          maxLength: APPLICANT_LIMITS.name,
        })}
      </div>
      <div className="request-form__row">
        {input('email', t('careers.fields.email'), { type: 'email', autoComplete: 'email' })}
        {input('phoneNumber', t('careers.fields.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          maxLength: APPLICANT_LIMITS.phone,
          placeholder: t('careers.fields.phoneHint'),
        })}
      </div>
      <button type="submit" className="plain-button">
        {t('careers.step1.next')}
      </button>
    </form>
  );
}
