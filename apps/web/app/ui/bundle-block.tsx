import { type BundleTemplate, imageUrl, type Timer, timerOf, timerSeconds } from '@shop/shared';
import { type CSSProperties, type ReactNode, useEffect, useId, useState } from 'react';
import css from './bundle-block.module.css';

export interface BundleBlockProduct {
  id: string;
  title: string;
  imageUrl: string | null;
  /** Qəpik: the product's own price, struck through. */
  price: number;
  /** Qəpik: its price in the bundle. */
  bundlePrice: number;
}

/** Every word the block shows, in the page's language (the block knows no language). */
export interface BundleBlockTexts {
  /** The percent as a badge: "−15%". */
  badge: string;
  /** The label of the totals: "Together". */
  total: string;
  /** Read before a struck-through price by screen readers: "Regular price". */
  regularPrice: string;
  /** Read before a bundle price by screen readers: "Bundle price". */
  bundlePrice: string;
  /** What the shopper saves, money written: "You save 5,00 ₼". */
  saving: string;
  /** Before the countdown: "Ends in". */
  endsIn: string;
  /** The days of the countdown as shown: "2d". */
  days: (count: number) => string;
  /** The time left in words, for screen readers: "Ends in 2 days 4 hours 5 minutes 6 seconds". */
  remaining: (left: Timer) => string;
}

export interface BundleBlockProps {
  template: BundleTemplate;
  /** '#rrggbb': the band, the ribbon, the button and the highlight. */
  colour: string;
  headerTitle: string;
  title: string;
  footerText: string;
  buttonText: string;
  products: readonly BundleBlockProduct[];
  /** Qəpik: the products at their own prices, and the same in the bundle. */
  price: number;
  bundlePrice: number;
  highlight: boolean;
  /** ISO: the countdown counts to it. */
  endsAt: string;
  /** How long before the end the countdown appears; all zeros: all the time. */
  timer: Timer;
  texts: BundleBlockTexts;
  /** Money as the page writes it (qəpik in). */
  money: (minor: number) => string;
  /** The title's heading level where the block stands on its page. */
  headingLevel?: 2 | 3;
  onAdd?: () => void;
  /** The button waits (a change in flight) or can't add (a product to choose first). */
  disabled?: boolean;
  /** Said by the button: what to do before the bundle can be added. */
  note?: ReactNode;
}

const FALLBACK_COLOUR = '#1c7ed6';
const HEX = /^#[0-9a-fA-F]{6}$/;

/** White or near-black, whichever reads better on `hex` (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  const dark = 0.012; // #1b1f24
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (dark + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#1b1f24';
}

/**
 * The time now, from the browser's clock, every second until `endsAt` (none before the block
 * is in the browser: the server's page and the first render agree, then the clock starts).
 */
function useNow(endsAt: string): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const end = Date.parse(endsAt);
    setNow(Date.now());
    if (!(end > Date.now())) return;
    const tick = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) window.clearInterval(tick);
    }, 1000);
    return () => window.clearInterval(tick);
  }, [endsAt]);
  return now;
}

const two = (n: number) => String(n).padStart(2, '0');

function Countdown({ endsAt, timer, texts }: { endsAt: string; timer: Timer; texts: BundleBlockTexts }) {
  const now = useNow(endsAt);
  if (now === null) return null;
  const left = Math.floor((Date.parse(endsAt) - now) / 1000);
  const stretch = timerSeconds(timer);
  // Only in the offer's last stretch (decision 018), and never past its end.
  if (!(left > 0) || (stretch > 0 && left > stretch)) return null;
  const parts = timerOf(left);
  return (
    <div className={css.countdown} role="timer" aria-live="off" aria-label={texts.remaining(parts)}>
      <span className={css.countdownLabel} aria-hidden="true">
        {texts.endsIn}
      </span>
      <span className={css.countdownValue} aria-hidden="true" data-testid="bundle-countdown">
        {parts.days > 0 && <span className={css.countdownDays}>{texts.days(parts.days)}</span>}
        {`${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`}
      </span>
    </div>
  );
}

function Picture({ url, className }: { url: string | null; className?: string }) {
  return url ? (
    <img className={className} src={imageUrl(url, 400)} alt="" loading="lazy" />
  ) : (
    <span className={`${className} ${css.noPicture}`} aria-hidden="true" />
  );
}

function Prices({
  price,
  bundlePrice,
  texts,
  money,
  className,
}: {
  price: number;
  bundlePrice: number;
  texts: BundleBlockTexts;
  money: (minor: number) => string;
  className?: string;
}) {
  return (
    <span className={`${css.prices} ${className ?? ''}`}>
      {price !== bundlePrice && (
        <s className={css.oldPrice}>
          <span className={css.visuallyHidden}>{texts.regularPrice}: </span>
          {money(price)}
        </s>
      )}
      <strong className={css.newPrice}>
        <span className={css.visuallyHidden}>{texts.bundlePrice}: </span>
        {money(bundlePrice)}
      </strong>
    </span>
  );
}

/**
 * A bundle as a shopper sees it (SPEC §3 Bundle): its header, title and products with their
 * prices struck through beside their bundle prices, the totals, a countdown to its end in its
 * last stretch, the button and the footer — in one of three looks. No Mantine and no language of
 * its own: the storefront shows the same block, and the control panel previews it (no `onAdd`).
 */
export function BundleBlock({
  template,
  colour,
  headerTitle,
  title,
  footerText,
  buttonText,
  products,
  price,
  bundlePrice,
  highlight,
  endsAt,
  timer,
  texts,
  money,
  headingLevel = 3,
  onAdd,
  disabled,
  note,
}: BundleBlockProps) {
  const accent = HEX.test(colour) ? colour : FALLBACK_COLOUR;
  const style = { '--bundle-colour': accent, '--bundle-on': textOn(accent) } as CSSProperties;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const classes = [css.block, css[template], highlight ? css.highlight : ''].filter(Boolean).join(' ');

  const titleId = useId();
  const heading = (
    <Heading className={css.title} id={titleId}>
      {title}
    </Heading>
  );
  const badge = (
    <span className={css.badge} data-testid="bundle-badge">
      {texts.badge}
    </span>
  );
  const countdown = <Countdown endsAt={endsAt} timer={timer} texts={texts} />;
  const totals = (
    <div className={css.totals}>
      <span className={css.totalLabel}>{texts.total}</span>
      <span className={css.totalFigures}>
        {price !== bundlePrice && (
          <s className={css.oldPrice} data-testid="bundle-total-price">
            <span className={css.visuallyHidden}>{texts.regularPrice}: </span>
            {money(price)}
          </s>
        )}
        <strong className={css.totalPrice} data-testid="bundle-price">
          <span className={css.visuallyHidden}>{texts.bundlePrice}: </span>
          {money(bundlePrice)}
        </strong>
      </span>
      {price > bundlePrice && <span className={css.saving}>{texts.saving}</span>}
    </div>
  );
  const button = (
    <button type="button" className={css.button} onClick={onAdd} disabled={disabled} data-testid="bundle-add">
      {buttonText}
    </button>
  );
  const said = note ? (
    <p className={css.note} data-testid="bundle-note">
      {note}
    </p>
  ) : null;
  const footer = footerText ? <p className={css.footer}>{footerText}</p> : null;

  if (template === 'spotlight') {
    return (
      <section
        className={classes}
        style={style}
        aria-labelledby={titleId}
        data-testid="bundle-block"
        data-template={template}
      >
        <div className={css.hero}>
          <p className={css.eyebrow}>{headerTitle}</p>
          {heading}
          {badge}
          {countdown}
        </div>
        <ul className={css.tiles}>
          {products.map((p) => (
            <li key={p.id} className={css.tile} data-testid="bundle-product">
              <Picture url={p.imageUrl} className={css.tilePicture} />
              <span className={css.productTitle}>{p.title}</span>
              <Prices price={p.price} bundlePrice={p.bundlePrice} texts={texts} money={money} />
            </li>
          ))}
        </ul>
        <div className={css.bottom}>
          {totals}
          {button}
          {said}
        </div>
        {footer}
      </section>
    );
  }

  if (template === 'ribbon') {
    return (
      <section
        className={classes}
        style={style}
        aria-labelledby={titleId}
        data-testid="bundle-block"
        data-template={template}
      >
        <div className={css.ribbonCorner}>{badge}</div>
        <div className={css.body}>
          <p className={css.eyebrow}>{headerTitle}</p>
          {heading}
          <ul className={css.row}>
            {products.map((p) => (
              <li key={p.id} className={css.chip} data-testid="bundle-product">
                <Picture url={p.imageUrl} className={css.chipPicture} />
                <span className={css.chipText}>
                  <span className={css.productTitle}>{p.title}</span>
                  <Prices price={p.price} bundlePrice={p.bundlePrice} texts={texts} money={money} />
                </span>
              </li>
            ))}
          </ul>
          <div className={css.bottom}>
            {totals}
            {button}
          </div>
          {said}
          {countdown}
          {footer}
        </div>
      </section>
    );
  }

  return (
    <section
      className={classes}
      style={style}
      aria-labelledby={titleId}
      data-testid="bundle-block"
      data-template={template}
    >
      <p className={css.band}>{headerTitle}</p>
      <div className={css.body}>
        <div className={css.headingRow}>
          {heading}
          {badge}
        </div>
        <ul className={css.list}>
          {products.map((p) => (
            <li key={p.id} className={css.item} data-testid="bundle-product">
              <Picture url={p.imageUrl} className={css.itemPicture} />
              <span className={css.productTitle}>{p.title}</span>
              <Prices price={p.price} bundlePrice={p.bundlePrice} texts={texts} money={money} className={css.stack} />
            </li>
          ))}
        </ul>
        {totals}
        {countdown}
        {button}
        {said}
        {footer}
      </div>
    </section>
  );
}
