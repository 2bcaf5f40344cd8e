import { imageUrl } from '@shop/shared';
import css from './discount-popup.module.css';

export interface PopupCardTexts {
  /** "−10%". */
  badge: string;
  accept: string;
  dismiss: string;
  close: string;
}

/**
 * A pop-up offer as a shopper sees it: picture, the percent, title, subtitle, accept and
 * dismiss. The storefront puts it in its dialog; cp/add-pop-up shows it as a live preview (no
 * handlers: the buttons do nothing there). `titleId` labels the dialog around it.
 */
export function PopupCard({
  title,
  subtitle,
  image,
  texts,
  titleId,
  onAccept,
  onDismiss,
  busy,
}: {
  title: string;
  subtitle: string | null;
  image: string | null;
  texts: PopupCardTexts;
  titleId?: string;
  onAccept?: () => void;
  onDismiss?: () => void;
  /** Accepting is in flight. */
  busy?: boolean;
}) {
  return (
    <div className={css.card} data-testid="popup-card">
      {image && <img className={css.image} src={imageUrl(image, 800)} alt="" />}
      <button
        type="button"
        className={css.close}
        aria-label={texts.close}
        onClick={onDismiss}
        data-testid="popup-close"
      >
        ×
      </button>
      <div className={css.body}>
        <span className={css.badge} data-testid="popup-badge">
          {texts.badge}
        </span>
        <h2 className={css.title} id={titleId}>
          {title}
        </h2>
        {subtitle && <p className={css.subtitle}>{subtitle}</p>}
        <button type="button" className={css.accept} onClick={onAccept} disabled={busy} data-testid="popup-accept">
          {texts.accept}
        </button>
        <button type="button" className={css.dismiss} onClick={onDismiss} data-testid="popup-dismiss">
          {texts.dismiss}
        </button>
      </div>
    </div>
  );
}
