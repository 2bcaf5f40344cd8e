import type { Checkout } from '@shop/shared';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../ui/price';
import { checkoutApi } from './api';
import css from './checkout.module.css';

/** A refusal as the shopper reads it: the server's own words (in the page's language), else the catalogue's. */
export function discountError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.fields.code?.message ?? error.message;
  return t(`messages:${error instanceof ApiError ? error.code : 'INTERNAL'}`);
}

/**
 * The discount code of a checkout (decision 018): typed and applied, or taken off. One cart
 * discount at a time — a code replaces a pop-up offer the visitor accepted, and taking the code
 * off brings the offer back; the hint under the field says so. The server prices; this shows.
 */
export function DiscountCode({
  checkout,
  uniqueCode,
  onChange,
  error,
  setError,
}: {
  checkout: Checkout;
  uniqueCode: string;
  onChange: (checkout: Checkout) => void;
  error: string | null;
  setError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const applied = checkout.discount?.kind === 'code' ? checkout.discount : null;
  const popup = checkout.discount?.kind === 'popup' ? checkout.discount : null;

  const send = async (value: string | null) => {
    setBusy(true);
    try {
      onChange(await checkoutApi.applyCode(checkout.id, uniqueCode, value));
      setCode('');
      setError(null);
    } catch (failure) {
      setError(discountError(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const apply = () => {
    if (code.trim()) void send(code.trim());
  };
  // Enter applies the code; it must not submit the checkout (Pay) around it.
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  return (
    <div className={css.code} data-testid="discount-code">
      {applied ? (
        <div className={css.applied} data-testid="discount-code-applied">
          <span>
            {t('storefront.checkout.codeApplied')} <strong>{applied.code}</strong>
            {applied.amount > 0 && ` −${money(applied.amount)}`}
          </span>
          <button
            type="button"
            className={css.linkButton}
            disabled={busy}
            onClick={() => void send(null)}
            aria-label={t('storefront.checkout.codeRemoveNamed', { code: applied.code ?? '' })}
            data-testid="discount-code-remove"
          >
            {t('storefront.checkout.codeRemove')}
          </button>
        </div>
      ) : (
        <>
          <label htmlFor={id}>{t('storefront.checkout.code')}</label>
          <div className={css.codeRow}>
            <input
              id={id}
              className={css.input}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (error) setError(null);
              }}
              onKeyDown={onKey}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : popup ? `${id}-hint` : undefined}
              data-testid="field-discountCode"
            />
            <button
              type="button"
              className={css.codeButton}
              disabled={busy || !code.trim()}
              onClick={apply}
              data-testid="discount-code-apply"
            >
              {t('storefront.checkout.codeApply')}
            </button>
          </div>
        </>
      )}
      {error && (
        <span id={`${id}-error`} className={css.error} role="alert" data-testid="error-discountCode">
          {error}
        </span>
      )}
      {popup && !error && (
        <span id={`${id}-hint`} className={css.hint} data-testid="discount-code-hint">
          {t('storefront.checkout.codeReplacesPopup', { title: popup.title ?? '', percent: popup.percent ?? 0 })}
        </span>
      )}
      {applied?.belowMinimum && (
        <span className={css.hint} data-testid="discount-code-minimum">
          {t('storefront.checkout.codeBelowMinimum', { minimum: money(applied.minSubtotal ?? 0) })}
        </span>
      )}
    </div>
  );
}
