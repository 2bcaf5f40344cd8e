import {
  type Address,
  type Checkout,
  type CheckoutTariff,
  type ConfirmCheckoutInput,
  confirmCheckoutSchema,
  type Language,
  nationalPhone,
  type PaymentMethod,
  REGIONS,
  tariffPrice,
  textComparer,
} from '@shop/shared';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useStore, useStorePath } from '../../lib/store-context';
import { useNotice } from '../../ui/notice';
import { useMoney } from '../../ui/price';
import { checkoutApi } from './api';
import css from './checkout.module.css';
import { DiscountCode, discountError } from './discount-code';
import { goodsTotal, OrderLines, OrderTotals, ReservationCountdown, totalShown } from './order-summary';

interface AddressForm {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  region: string;
  postCode: string;
}

interface FormState {
  email: string;
  phone: string;
  shipping: AddressForm;
  billingSame: boolean;
  billing: AddressForm;
  tariffId: string;
  note: string;
}

/** The paths (as errors name them) of the fields that differ between two states of the form. */
function changedPaths(before: FormState, after: FormState): string[] {
  const paths: string[] = [];
  if (before.email !== after.email) paths.push('email');
  if (before.phone !== after.phone) paths.push('phone');
  if (before.note !== after.note) paths.push('note');
  if (before.tariffId !== after.tariffId) paths.push('shippingTariffId');
  for (const which of ['shipping', 'billing'] as const) {
    for (const key of Object.keys(after[which]) as (keyof AddressForm)[]) {
      if (before[which][key] !== after[which][key]) paths.push(`${which}Address.${key}`);
    }
  }
  return paths;
}

const emptyAddress: AddressForm = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  region: '',
  postCode: '',
};

function addressForm(address: Address | null): AddressForm {
  if (!address) return emptyAddress;
  return { ...emptyAddress, ...address, address2: address.address2 ?? '' };
}

function initialForm(checkout: Checkout): FormState {
  const sameBilling =
    !checkout.billingAddress || JSON.stringify(checkout.billingAddress) === JSON.stringify(checkout.shippingAddress);
  return {
    email: checkout.email ?? '',
    phone: nationalPhone(checkout.phone),
    shipping: addressForm(checkout.shippingAddress),
    billingSame: sameBilling,
    billing: sameBilling ? emptyAddress : addressForm(checkout.billingAddress),
    tariffId: checkout.shippingTariffId ?? '',
    note: checkout.note ?? '',
  };
}

function toInput(form: FormState, checkout: Checkout, uniqueCode: string): ConfirmCheckoutInput {
  const address = (a: AddressForm) => ({ ...a, country: 'AZ' as const, address2: a.address2 || undefined });
  return {
    checkoutId: checkout.id,
    uniqueCode,
    email: form.email.trim(),
    // As typed: the server reads every way people write a number (shared normalizePhone).
    phone: form.phone.trim(),
    shippingAddress: address(form.shipping),
    billingSameAsShipping: form.billingSame,
    billingAddress: form.billingSame ? null : address(form.billing),
    shippingTariffId: form.tariffId,
    note: form.note || undefined,
  };
}

type Errors = Record<string, string>;

/** Field errors of the same schema the server uses (SPEC §5 Checkout), as catalogue keys. */
function validate(input: ConfirmCheckoutInput): Errors {
  const result = confirmCheckoutSchema.safeParse(input);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export interface CheckoutFormProps {
  checkout: Checkout;
  uniqueCode: string;
  language: Language;
  /** After PRICE_CHANGED or OUT_OF_STOCK: the checkout as it now is. */
  reload: () => Promise<Checkout | null>;
  /** The checkout as the server answered a change of it (a discount code applied or taken off). */
  replace: (checkout: Checkout) => void;
  /** The placed order's payment could not start or went elsewhere. */
  onPaymentError: (orderId: string, error: unknown) => void;
  /** The order is placed to pay the courier in cash: nothing more to do here. */
  onPlacedInCash: (orderId: string) => void;
  /** The platform's privacy policy, where this page can link to it (see ProcessorNote). */
  privacyUrl: string;
}

/** Cash on delivery as offered with one tariff: its fee, or null where it is not. */
type CashOffer = { fee: number } | null;

/**
 * The checkout (SPEC §5): contact, delivery address, billing, delivery tariff, payment (card, or
 * cash on delivery where the store offers it with the tariff chosen), note and the order summary.
 * Pay confirms the details, places the order at the total shown and starts the card payment;
 * "Place order" (cash) places it with the fee in the total, and no payment starts.
 */
export function CheckoutForm({
  checkout,
  uniqueCode,
  language,
  reload,
  replace,
  onPaymentError,
  onPlacedInCash,
  privacyUrl,
}: CheckoutFormProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const money = useMoney();
  const [form, setForm] = useState<FormState>(() => initialForm(checkout));
  const [errors, setErrors] = useState<Errors>({});
  const [tariffs, setTariffs] = useState<CheckoutTariff[] | null>(null);
  const [tariffsFailed, setTariffsFailed] = useState(false);
  const [paying, setPaying] = useState(false);
  const [priceChanged, setPriceChanged] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>('card');
  // Tariffs placing in cash was refused with on this page (the store took it back meanwhile).
  const [refusedTariffs, setRefusedTariffs] = useState<string[]>([]);
  const [cashRefused, setCashRefused] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The form as its errors were last brought up to date, and the fields that have shown an error
  // (checked again at once on each change from then on).
  const checked = useRef(form);
  const flagged = useRef(new Set<string>());
  for (const path of Object.keys(errors)) flagged.current.add(path);

  const regions = useMemo(
    // Azerbaijani's own alphabet in az (a browser may lack ICU's Azerbaijani data: shared/alphabet.ts).
    () => {
      const compare = textComparer(language);
      return [...REGIONS].sort((a, b) => compare(a.names[language], b.names[language]));
    },
    [language],
  );

  // The tariffs that deliver to the chosen region at this order's total (after its discounts:
  // a code can take it under a free-delivery threshold) and weight.
  const region = form.shipping.region;
  const goods = goodsTotal(checkout);
  useEffect(() => {
    if (!region) {
      setTariffs(null);
      return;
    }
    let current = true;
    setTariffsFailed(false);
    checkoutApi
      .tariffs(checkout.marketId, region, goods, checkout.weightGrams)
      .then((list) => {
        if (!current) return;
        setTariffs(list);
        setForm((f) => (list.some((tariff) => tariff.id === f.tariffId) ? f : { ...f, tariffId: list[0]?.id ?? '' }));
      })
      .catch(() => {
        if (current) {
          setTariffs([]);
          setTariffsFailed(true);
        }
      });
    return () => {
      current = false;
    };
  }, [region, checkout.marketId, goods, checkout.weightGrams]);

  const chosenTariff = tariffs?.find((tariff) => tariff.id === form.tariffId);
  const shipping = chosenTariff ? tariffPrice(chosenTariff) : null;

  // Cash on delivery for the tariff chosen on the page, as the store offers it (the checkout says
  // with which tariffs) — unless placing with it was refused here for that tariff.
  const offer = checkout.cashOnDelivery;
  const cashOffer: CashOffer =
    chosenTariff &&
    offer &&
    !refusedTariffs.includes(chosenTariff.id) &&
    (offer.tariffIds === null || offer.tariffIds.includes(chosenTariff.id))
      ? { fee: offer.fee }
      : null;
  const method: PaymentMethod = cashOffer ? chosenMethod : 'card';
  const cashFee = method === 'cash' && cashOffer ? cashOffer.fee : 0;
  // The offer went (another tariff, or the store took it back): card again, chosen anew if it comes back.
  const offered = cashOffer !== null;
  useEffect(() => {
    if (!offered) setChosenMethod('card');
  }, [offered]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refusal is said until another tariff is chosen.
  useEffect(() => {
    setCashRefused(false);
  }, [form.tariffId]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const setAddress = (which: 'shipping' | 'billing', key: keyof AddressForm, value: string) => {
    setForm((f) => ({ ...f, [which]: { ...f[which], [key]: value } }));
  };

  // An error goes as soon as its field is right, says what the field still needs while it is not,
  // and comes back if the field is emptied again; a field that never showed one waits for Pay.
  // The fields are found by comparing this render's form with the one last checked — not by
  // noting them as they are typed: an effect of an earlier render may run after the next field
  // was typed, and would check that field against the form before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the form.
  useEffect(() => {
    const paths = changedPaths(checked.current, form).filter((path) => flagged.current.has(path));
    checked.current = form;
    // Switching to "same as delivery" takes the billing fields (and their errors) away.
    const gone = form.billingSame ? Object.keys(errors).filter((path) => path.startsWith('billingAddress.')) : [];
    if (paths.length === 0 && gone.length === 0) return;
    const found = validate(toInput(form, checkout, uniqueCode));
    setErrors((current) => {
      const next = { ...current };
      for (const path of gone) delete next[path];
      for (const path of paths) {
        if (found[path]) next[path] = found[path];
        else delete next[path];
      }
      return next;
    });
  }, [form]);

  const errorOf = (path: string) => (errors[path] ? t(`messages:${errors[path]}`) : undefined);

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const input = toInput(form, checkout, uniqueCode);
    const found = validate(input);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    setPaying(true);
    // The fee as shown: a different one is refused (PRICE_CHANGED), never charged.
    const cash = method === 'cash' ? cashOffer : null;
    let confirmed: Checkout;
    try {
      confirmed = await checkoutApi.confirm(input);
    } catch (error) {
      setPaying(false);
      if (refusedCode(error)) {
        await reload();
        return;
      }
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([path, field]) => [path, field.code])));
        focusFirstError();
      } else {
        notice(
          t(
            `messages:${error instanceof ApiError && error.code === 'OUT_OF_STOCK' ? 'OUT_OF_STOCK' : 'CHECKOUT_FAILED'}`,
          ),
          'error',
        );
        if (error instanceof ApiError && error.status === 409) await reload();
      }
      return;
    }
    let placed: Checkout;
    try {
      placed = cash
        ? await checkoutApi.place(confirmed.id, uniqueCode, confirmed.total + cash.fee, 'cash')
        : await checkoutApi.place(confirmed.id, uniqueCode, confirmed.total);
    } catch (error) {
      setPaying(false);
      if (refusedCode(error)) {
        await reload();
        return;
      }
      if (error instanceof ApiError && error.code === 'PRICE_CHANGED') {
        // The shopper sees the new prices and confirms again: a different total is never charged.
        await reload();
        setPriceChanged(true);
        notice(t('messages:PRICE_CHANGED'), 'warning');
      } else if (error instanceof ApiError && error.code === 'OUT_OF_STOCK') {
        await reload();
        notice(t('messages:OUT_OF_STOCK'), 'error');
      } else if (error instanceof ApiError && error.code === 'CASH_ON_DELIVERY_UNAVAILABLE') {
        // The store took it back (or not with this tariff): card again, the checkout as it is now.
        setRefusedTariffs((known) => [...known, form.tariffId]);
        await reload();
        setCashRefused(true);
        notice(t('messages:CASH_ON_DELIVERY_UNAVAILABLE'), 'error');
      } else {
        notice(t('messages:PLACE_ORDER_FAILED'), 'error');
      }
      return;
    }
    if (placed.paymentMethod === 'cash') {
      onPlacedInCash(placed.id);
      return;
    }
    try {
      const { redirectUrl } = await checkoutApi.startPayment(placed.id, uniqueCode);
      window.location.assign(redirectUrl);
    } catch (error) {
      setPaying(false);
      onPaymentError(placed.id, error);
    }
  };

  /** The code can't be used for this order (used up, this e-mail's limit …): said by the code's field. */
  const refusedCode = (error: unknown) => {
    if (!(error instanceof ApiError && error.code.startsWith('DISCOUNT_CODE_'))) return false;
    const message = discountError(t, error);
    setCodeError(message);
    notice(message, 'error');
    return true;
  };

  const field = (path: string, label: string, control: ReactNode, full = false, hint?: string) => (
    <div className={`${css.field} ${full ? css.full : ''}`}>
      <label htmlFor={`f-${path}`}>{label}</label>
      {control}
      {hint && !errors[path] && <span className={css.hint}>{hint}</span>}
      {errors[path] && (
        <span className={css.error} role="alert" data-testid={`error-${path}`}>
          {errorOf(path)}
        </span>
      )}
    </div>
  );

  const text = (
    path: string,
    value: string,
    onChange: (value: string) => void,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <input
      id={`f-${path}`}
      className={css.input}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={errors[path] ? true : undefined}
      data-testid={`field-${path}`}
      {...props}
    />
  );

  const addressFields = (which: 'shipping' | 'billing') => {
    const prefix = which === 'shipping' ? 'shippingAddress' : 'billingAddress';
    const a = form[which];
    const on = (key: keyof AddressForm) => (value: string) => setAddress(which, key, value);
    return (
      <>
        {field(
          `${prefix}.firstName`,
          t('storefront.checkout.firstName'),
          text(`${prefix}.firstName`, a.firstName, on('firstName'), { autoComplete: `${which} given-name` }),
        )}
        {field(
          `${prefix}.lastName`,
          t('storefront.checkout.lastName'),
          text(`${prefix}.lastName`, a.lastName, on('lastName'), { autoComplete: `${which} family-name` }),
        )}
        {field(
          `${prefix}.address1`,
          t('storefront.checkout.address1'),
          text(`${prefix}.address1`, a.address1, on('address1'), { autoComplete: `${which} address-line1` }),
          true,
        )}
        {field(
          `${prefix}.address2`,
          t('storefront.checkout.address2'),
          text(`${prefix}.address2`, a.address2, on('address2'), { autoComplete: `${which} address-line2` }),
          true,
        )}
        {field(
          `${prefix}.country`,
          t('storefront.checkout.country'),
          <input
            id={`f-${prefix}.country`}
            className={css.input}
            value={t('storefront.checkout.azerbaijan')}
            disabled
            readOnly
          />,
        )}
        {field(
          `${prefix}.city`,
          t('storefront.checkout.city'),
          text(`${prefix}.city`, a.city, on('city'), { autoComplete: `${which} address-level2` }),
        )}
        {field(
          `${prefix}.region`,
          t('storefront.checkout.region'),
          <select
            id={`f-${prefix}.region`}
            className={css.input}
            value={a.region}
            onChange={(event) => on('region')(event.target.value)}
            aria-invalid={errors[`${prefix}.region`] ? true : undefined}
            data-testid={`field-${prefix}.region`}
          >
            <option value="">{t('storefront.checkout.chooseRegion')}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.names[language]}
              </option>
            ))}
          </select>,
        )}
        {field(
          `${prefix}.postCode`,
          t('storefront.checkout.postCode'),
          text(`${prefix}.postCode`, a.postCode, on('postCode'), { autoComplete: `${which} postal-code` }),
        )}
      </>
    );
  };

  return (
    <form ref={formRef} className={css.page} onSubmit={pay} noValidate data-testid="checkout-form">
      <SummaryBar checkout={checkout} shipping={shipping} cashFee={cashFee} />
      <div className={css.form}>
        <fieldset className={css.group}>
          <legend>{t('storefront.checkout.contact')}</legend>
          {field(
            'email',
            t('storefront.checkout.email'),
            text('email', form.email, (v) => set('email', v), { type: 'email', autoComplete: 'email' }),
          )}
          {field(
            'phone',
            t('storefront.checkout.phone'),
            <div className={css.phone}>
              <span>+994</span>
              {text('phone', form.phone, (v) => set('phone', v), {
                type: 'tel',
                autoComplete: 'tel-national',
                placeholder: '10 234 56 78',
                inputMode: 'tel',
              })}
            </div>,
            false,
            t('storefront.checkout.phoneHint', { example: '10 234 56 78' }),
          )}
        </fieldset>

        <fieldset className={css.group}>
          <legend>{t('storefront.checkout.delivery')}</legend>
          {addressFields('shipping')}
        </fieldset>

        <fieldset className={css.group}>
          <legend>{t('storefront.checkout.billing')}</legend>
          <div className={`${css.choices} ${css.full}`}>
            <label className={css.choice}>
              <input
                type="radio"
                name="billing"
                checked={form.billingSame}
                onChange={() => set('billingSame', true)}
                data-testid="billing-same"
              />
              <span>{t('storefront.checkout.billingSame')}</span>
            </label>
            <label className={css.choice}>
              <input
                type="radio"
                name="billing"
                checked={!form.billingSame}
                onChange={() => set('billingSame', false)}
                data-testid="billing-other"
              />
              <span>{t('storefront.checkout.billingOther')}</span>
            </label>
          </div>
          {!form.billingSame && addressFields('billing')}
        </fieldset>

        <fieldset className={css.group}>
          <legend>{t('storefront.checkout.tariff')}</legend>
          <div className={`${css.choices} ${css.full}`} role="radiogroup" data-testid="tariffs">
            {!region && <p className={css.hint}>{t('storefront.checkout.tariffChooseRegion')}</p>}
            {region && tariffs === null && <p className={css.hint}>{t('storefront.checkout.tariffLoading')}</p>}
            {region && tariffs?.length === 0 && (
              <p className={css.hint}>
                {tariffsFailed ? t('storefront.checkout.tariffFailed') : t('storefront.checkout.tariffNone')}
              </p>
            )}
            {tariffs?.map((tariff) => {
              const price = tariffPrice(tariff);
              return (
                <label key={tariff.id} className={css.choice} data-testid="tariff">
                  <input
                    type="radio"
                    name="tariff"
                    value={tariff.id}
                    checked={form.tariffId === tariff.id}
                    onChange={() => set('tariffId', tariff.id)}
                  />
                  <span>
                    {tariff.name}
                    {(tariff.minDays != null || tariff.maxDays != null) && (
                      <small>{daysText(t, tariff.minDays, tariff.maxDays)}</small>
                    )}
                    {tariff.description && <small>{tariff.description}</small>}
                  </span>
                  <strong>{price === 0 ? t('storefront.checkout.free') : money(price)}</strong>
                </label>
              );
            })}
            {errors.shippingTariffId && (
              <span className={css.error} role="alert" data-testid="error-shippingTariffId">
                {errorOf('shippingTariffId')}
              </span>
            )}
          </div>
        </fieldset>

        {cashOffer && (
          <PaymentMethods
            method={method}
            fee={cashOffer.fee}
            onChange={(next) => {
              setChosenMethod(next);
              if (next === 'cash') setCashRefused(false);
            }}
          />
        )}

        <fieldset className={css.group}>
          <legend>{t('storefront.checkout.note')}</legend>
          <label className={`${css.field} ${css.full}`}>
            <span className={css.visuallyHidden}>{t('storefront.checkout.note')}</span>
            <textarea
              className={css.input}
              rows={3}
              value={form.note}
              onChange={(event) => set('note', event.target.value)}
              placeholder={t('storefront.checkout.notePlaceholder')}
              aria-invalid={errors.note ? true : undefined}
              data-testid="field-note"
            />
            {errors.note && <span className={css.error}>{errorOf('note')}</span>}
          </label>
        </fieldset>
      </div>

      <aside className={css.summary} aria-label={t('storefront.checkout.summary')}>
        {/* On a phone the lines are in the bar above the form; the totals stay by the Pay button. */}
        <div className={css.summaryItems}>
          <h2>{t('storefront.checkout.summary')}</h2>
          <OrderLines checkout={checkout} />
        </div>
        {priceChanged && (
          <p className={css.banner} role="status" data-testid="price-changed">
            {t('messages:PRICE_CHANGED')}
          </p>
        )}
        {cashRefused && (
          <p className={css.banner} role="status" data-testid="cash-unavailable">
            {t('messages:CASH_ON_DELIVERY_UNAVAILABLE')}
          </p>
        )}
        <DiscountCode
          checkout={checkout}
          uniqueCode={uniqueCode}
          onChange={replace}
          error={codeError}
          setError={setCodeError}
        />
        <OrderTotals checkout={checkout} shipping={shipping} cashFee={cashFee} />
        <ReservationCountdown until={checkout.reservedUntil} />
        <button type="submit" className={css.pay} disabled={paying} data-testid="pay" data-method={method}>
          {method === 'cash'
            ? t(paying ? 'storefront.checkout.placing' : 'storefront.checkout.placeOrder')
            : t(paying ? 'storefront.checkout.paying' : 'storefront.checkout.pay')}
        </button>
        <PolicyAgreement />
        <ProcessorNote privacyUrl={privacyUrl} />
      </aside>
    </form>
  );
}

/**
 * The shopper's data goes to the platform too: we process the order for the store (we are its
 * processor, the store the controller), so the checkout says so beside the button, with a link to
 * the platform's privacy policy at the platform's own address (on a custom domain too).
 */
export function ProcessorNote({ privacyUrl }: { privacyUrl: string }) {
  return (
    <p className={css.agreement} data-testid="processor-note">
      <Trans
        i18nKey="storefront.checkout.processor"
        components={{
          // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words inside.
          privacy: <a href={privacyUrl} target="_blank" rel="noopener" data-testid="processor-privacy" />,
        }}
      />
    </p>
  );
}

/**
 * What the shopper agrees to by ordering: the store's terms and return policy, where it shows
 * them (issue 15) — each opens in a new tab, so the checkout stays as it is.
 */
function PolicyAgreement() {
  const store = useStore();
  const path = useStorePath();
  const terms = store?.policies.includes('termsOfService') ?? false;
  const returns = store?.policies.includes('returnAndRefund') ?? false;
  if (!terms && !returns) return null;
  const link = (type: string) => (
    // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words inside.
    <a href={path(`/policies/${type}`)} target="_blank" rel="noopener" />
  );
  return (
    <p className={css.agreement} data-testid="policy-agreement">
      <Trans
        i18nKey={`storefront.checkout.agree.${terms && returns ? 'both' : terms ? 'terms' : 'returns'}`}
        components={{ terms: link('termsOfService'), returns: link('returnAndRefund') }}
      />
    </p>
  );
}

/**
 * On a phone (Shopify's pattern) the order summary is a bar above the form, "Show order summary"
 * with the total, that opens on tap; the form has the screen. Hidden on wider screens, where the
 * summary sits beside the form.
 */
function SummaryBar({ checkout, shipping, cashFee }: { checkout: Checkout; shipping: number | null; cashFee: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className={css.summaryBar} data-testid="summary-bar">
      <button
        type="button"
        className={css.summaryToggle}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        data-testid="summary-toggle"
      >
        <span>{t(open ? 'storefront.checkout.hideSummary' : 'storefront.checkout.showSummary')}</span>
        <svg className={css.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <strong data-testid="summary-bar-total">{money(totalShown(checkout, shipping, cashFee))}</strong>
      </button>
      <section
        id={panel}
        className={css.summaryPanel}
        aria-label={t('storefront.checkout.summary')}
        hidden={!open}
        data-testid="summary-panel"
      >
        <OrderLines checkout={checkout} marked={false} />
        <OrderTotals checkout={checkout} shipping={shipping} cashFee={cashFee} marked={false} />
      </section>
    </div>
  );
}

/**
 * How to pay, where the store offers cash on delivery with the tariff chosen: by card now (the
 * default), or in cash to the courier, its fee said beside it.
 */
function PaymentMethods({
  method,
  fee,
  onChange,
}: {
  method: PaymentMethod;
  fee: number;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const legend = useId();
  const option = (value: PaymentMethod, title: string, hint: string, extra?: string) => (
    <label className={css.choice} data-testid={`payment-method-${value}-option`}>
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={method === value}
        onChange={() => onChange(value)}
        data-testid={`payment-method-${value}`}
      />
      <span>
        {title}
        <small>{hint}</small>
      </span>
      {extra && <strong>{extra}</strong>}
    </label>
  );
  return (
    <fieldset className={css.group} data-testid="payment-methods">
      <legend id={legend}>{t('storefront.checkout.payment')}</legend>
      <div className={`${css.choices} ${css.full}`} role="radiogroup" aria-labelledby={legend}>
        {option('card', t('storefront.checkout.paymentCard'), t('storefront.checkout.paymentCardHint'))}
        {option(
          'cash',
          t('storefront.checkout.paymentCash'),
          t('storefront.checkout.paymentCashHint'),
          fee > 0 ? `+${money(fee)}` : undefined,
        )}
      </div>
    </fieldset>
  );
}

function daysText(t: TFunction, min: number | null, max: number | null): string {
  if (min != null && max != null && min !== max) return t('storefront.checkout.daysRange', { min, max });
  return t('storefront.checkout.days', { count: max ?? min ?? 0 });
}
