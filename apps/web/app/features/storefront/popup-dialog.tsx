import type { PopupView } from '@shop/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupCard } from '../../ui/discount-popup';
import { useNotice } from '../../ui/notice';
import { useCart } from './cart';
import { useCartErrors } from './cart-drawer';
import css from './popup-dialog.module.css';

export interface PopupDialogProps {
  popup: PopupView;
  onClose: () => void;
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The pop-up offer as a modal dialog: named by its title, focus kept inside (Tab cycles), Esc,
 * × and "No, thanks" close it, and focus goes back where it was. Accepting takes the offer for
 * this visitor's cart (POST /Basket/accept-popup) and says so.
 */
export function PopupDialog({ popup, onClose }: PopupDialogProps) {
  const { t } = useTranslation();
  const cart = useCart();
  const notice = useNotice();
  const showError = useCartErrors();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>('[data-testid="popup-accept"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !box.current) return;
      const inside = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = inside[0];
      const last = inside[inside.length - 1];
      const at = document.activeElement;
      if (!first || !last) return;
      if (!box.current.contains(at) || (event.shiftKey ? at === first : at === last)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, []);

  const accept = async () => {
    setBusy(true);
    try {
      await cart.acceptPopup(popup.id);
      notice(t('storefront.popup.accepted', { percent: popup.percent }));
    } catch (error) {
      showError(error);
    }
    onClose();
  };

  return (
    <>
      <div className={css.overlay} onClick={onClose} aria-hidden="true" />
      <div
        ref={box}
        className={css.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="popup-dialog"
      >
        <PopupCard
          title={popup.title}
          subtitle={popup.subtitle}
          image={popup.imageUrl}
          titleId={titleId}
          busy={busy}
          texts={{
            badge: t('storefront.popup.badge', { percent: popup.percent }),
            accept: t('storefront.popup.accept', { percent: popup.percent }),
            dismiss: t('storefront.popup.dismiss'),
            close: t('storefront.popup.close'),
          }}
          onAccept={accept}
          onDismiss={onClose}
        />
      </div>
    </>
  );
}
