import {
  BUNDLE_TEMPLATES,
  type BundleTemplate,
  type BundleView,
  bundleFigures,
  type DiscountInput,
  discountLimits,
  type Timer,
} from '@shop/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { sessionKeys, sessionStored } from '../../lib/storage';
import { fromPicker, newEndIsPast, pickerIn, toPicker } from './picker-dates';

export const BUNDLES_PATH = '/cp/bundle';
export const SELECT_BUNDLE_PATH = '/cp/select-bundle';
export const BUNDLE_STEP_ONE_PATH = '/cp/create-bundle-1';
export const BUNDLE_STEP_TWO_PATH = '/cp/create-bundle-2';

/** A new bundle runs a week from now, whole minutes. */
export const defaultEnd = () => pickerIn(7);

/** Each look's own colour, the one a new bundle of that look starts with. */
export const TEMPLATE_COLOURS: Record<BundleTemplate, string> = {
  classic: '#1c7ed6',
  spotlight: '#c2255c',
  ribbon: '#e8590c',
};
/** Offered beside the colour field. */
export const COLOUR_SWATCHES = ['#1c7ed6', '#0c8599', '#2b8a3e', '#e8590c', '#c2255c', '#7048e8', '#1b1f24'];

export const isTemplate = (value: string | null | undefined): value is BundleTemplate =>
  (BUNDLE_TEMPLATES as readonly string[]).includes(value ?? '');

/** What the screens keep of a chosen product: enough to show it and price it. */
export interface BundlePick {
  id: string;
  title: string;
  imageUrl: string | null;
  /** Qəpik: its lowest price. */
  price: number;
}

/** The figures to preview: the server's while nothing that changes them was touched. */
export function previewFigures(products: readonly BundlePick[], percent: number, saved?: BundleView) {
  const same =
    saved &&
    saved.percent === percent &&
    saved.products.length === products.length &&
    saved.products.every((p, i) => p.id === products[i]?.id);
  return same
    ? { products: saved.products, price: saved.price, bundlePrice: saved.bundlePrice }
    : bundleFigures(products, percent);
}

/** Step 1 of a new bundle, and the first half of the editor: what is sold, at what discount, until when. */
export interface DealValues {
  template: BundleTemplate;
  products: BundlePick[];
  percent: number | string;
  /** In the picker's format. */
  endsAt: string | null;
}

/** A number field's value: a number, or what is being typed ('' when empty). */
type Typed = number | string;
export interface TimerValues {
  days: Typed;
  hours: Typed;
  minutes: Typed;
  seconds: Typed;
}

/** Step 2 of a new bundle, and the second half of the editor: its texts and its looks. */
export interface LookValues {
  name: string;
  title: string;
  headerTitle: string;
  footerText: string;
  buttonText: string;
  colour: string;
  timer: TimerValues;
  highlight: boolean;
  active: boolean;
}
export type LookField = Exclude<keyof LookValues, 'timer' | 'highlight' | 'active'> | `timer.${keyof TimerValues}`;

export const numberOf = (value: Typed) => (typeof value === 'number' ? value : Number.NaN);
/** The timer as the preview can count with: what is not a whole number yet counts as zero. */
export const timerOfValues = (timer: TimerValues): Timer => {
  const whole = (value: Typed) => (Number.isInteger(value) && Number(value) > 0 ? Number(value) : 0);
  return {
    days: whole(timer.days),
    hours: whole(timer.hours),
    minutes: whole(timer.minutes),
    seconds: whole(timer.seconds),
  };
};

/** A new bundle's texts, in the merchant's language: a start to change, not a blank page. */
export function defaultLook(t: TFunction, template: BundleTemplate, percent: number): LookValues {
  return {
    name: '',
    title: t('bundles.defaults.title', { percent }),
    headerTitle: t('bundles.defaults.headerTitle'),
    footerText: t('bundles.defaults.footerText'),
    buttonText: t('bundles.defaults.buttonText'),
    colour: TEMPLATE_COLOURS[template],
    timer: { days: 0, hours: 0, minutes: 0, seconds: 0 },
    highlight: false,
    active: true,
  };
}

export function lookOf(bundle: BundleView): LookValues {
  return {
    name: bundle.name,
    title: bundle.title,
    headerTitle: bundle.headerTitle,
    footerText: bundle.footerText,
    buttonText: bundle.buttonText,
    colour: bundle.colour,
    timer: { ...bundle.timer },
    highlight: bundle.highlight,
    active: bundle.active,
  };
}

export function dealOf(bundle: BundleView): DealValues {
  return {
    template: bundle.template,
    products: bundle.products.map(({ id, title, imageUrl, price }) => ({ id, title, imageUrl, price })),
    percent: bundle.percent,
    endsAt: toPicker(bundle.endsAt),
  };
}

/** POST and PUT /Discount's body (kind bundle) from the two halves. */
export function bundleInputOf(marketId: string, deal: DealValues, look: LookValues): DiscountInput {
  return {
    kind: 'bundle',
    marketId,
    name: look.name,
    title: look.title,
    headerTitle: look.headerTitle,
    footerText: look.footerText,
    buttonText: look.buttonText,
    percent: numberOf(deal.percent),
    productIds: deal.products.map((p) => p.id),
    template: deal.template,
    colour: look.colour,
    timer: {
      days: numberOf(look.timer.days),
      hours: numberOf(look.timer.hours),
      minutes: numberOf(look.timer.minutes),
      seconds: numberOf(look.timer.seconds),
    },
    highlight: look.highlight,
    endsAt: fromPicker(deal.endsAt),
    active: look.active,
  };
}

/**
 * Form errors keyed as the form knows them: the products' errors (the list's, or one product's,
 * `productIds.1`) go to the products field.
 */
export function formErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const key = field.startsWith('productIds') ? 'products' : field;
    out[key] ??= message;
  }
  return out;
}

/** What step 1 checks before step 2 (SPEC §5): products, a percent, an end not in the past. */
export function dealErrors(deal: DealValues, t: TFunction, initialEnd?: string | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (deal.products.length === 0) errors.products = t('messages:bundleProductsRequired');
  if (deal.products.length > discountLimits.bundleProducts) errors.products = t('messages:tooManyBundleProducts');
  const percent = numberOf(deal.percent);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) errors.percent = t('messages:invalidPercent');
  if (!fromPicker(deal.endsAt)) errors.endsAt = t('messages:invalidDate');
  else if (newEndIsPast(deal.endsAt, initialEnd)) errors.endsAt = t('messages:endDateInPast');
  return errors;
}

// The draft of a new bundle, between its two steps (session storage: this tab, until saved).

const typed = z.union([z.number(), z.string()]);
const draftSchema = z.object({
  marketId: z.string(),
  template: z.enum(BUNDLE_TEMPLATES),
  products: z
    .array(z.object({ id: z.string(), title: z.string(), imageUrl: z.string().nullable(), price: z.number() }))
    .max(discountLimits.bundleProducts),
  percent: z.number(),
  /** ISO. */
  endsAt: z.string(),
  /** Step 2's values, once it was opened. */
  look: z
    .object({
      name: z.string(),
      title: z.string(),
      headerTitle: z.string(),
      footerText: z.string(),
      buttonText: z.string(),
      colour: z.string(),
      timer: z.object({ days: typed, hours: typed, minutes: typed, seconds: typed }),
      highlight: z.boolean(),
      active: z.boolean(),
    })
    .optional(),
});
export type BundleDraft = z.infer<typeof draftSchema>;

/** The draft of this store, if there is one (another store's, or a damaged one, is none). */
export function readDraft(marketId: string): BundleDraft | null {
  const raw = sessionStored.get(sessionKeys.bundleDraft);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const draft = draftSchema.safeParse(parsed);
  return draft.success && draft.data.marketId === marketId ? draft.data : null;
}

export const writeDraft = (draft: BundleDraft) => sessionStored.set(sessionKeys.bundleDraft, JSON.stringify(draft));
export const clearDraft = () => sessionStored.set(sessionKeys.bundleDraft, null);

export const dealOfDraft = (draft: BundleDraft): DealValues => ({
  template: draft.template,
  products: draft.products,
  percent: draft.percent,
  endsAt: toPicker(draft.endsAt),
});
