import { limits } from '@shop/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type NoticeType = 'success' | 'warning' | 'error';
interface NoticeState {
  isOpen: boolean;
  message: string;
  type: NoticeType;
  /** Changes on every open so that the same message twice restarts the timer. */
  id: number;
}

const NoticeContext = createContext<(message: string, type?: NoticeType) => void>(() => {});

/** Opens the transient notice (SPEC §4): visible 2.5 s, then fades for 0.5 s and closes. */
export function useNotice() {
  return useContext(NoticeContext);
}

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<NoticeState>({ isOpen: false, message: '', type: 'success', id: 0 });
  const open = useCallback((message: string, type: NoticeType = 'success') => {
    setNotice((n) => ({ isOpen: true, message, type, id: n.id + 1 }));
  }, []);
  const close = useCallback(() => setNotice((n) => ({ ...n, isOpen: false })), []);
  return (
    <NoticeContext.Provider value={open}>
      {children}
      {notice.isOpen && <Notice key={notice.id} message={notice.message} type={notice.type} onClose={close} />}
    </NoticeContext.Provider>
  );
}

const ICONS: Record<NoticeType, string> = { success: '✓', warning: '!', error: '✕' };

function Notice({ message, type, onClose }: { message: string; type: NoticeType; onClose: () => void }) {
  const { t } = useTranslation();
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), limits.noticeVisibleMs);
    const close = setTimeout(onClose, limits.noticeVisibleMs + limits.noticeFadeMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(close);
    };
  }, [onClose]);
  const style = useMemo(
    () =>
      ({
        '--notice-visible': `${limits.noticeVisibleMs}ms`,
        '--notice-fade': `${limits.noticeFadeMs}ms`,
      }) as React.CSSProperties,
    [],
  );
  return (
    <div
      className={`notice notice--${type}${fading ? ' notice--fading' : ''}`}
      role={type === 'error' ? 'alert' : 'status'}
      data-testid="notice"
      data-type={type}
      style={style}
    >
      <span className="notice__icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      <p className="notice__message">{message}</p>
      <button type="button" className="notice__close" onClick={onClose} aria-label={t('common.close')}>
        ×
      </button>
      <span className="notice__progress" aria-hidden="true" />
    </div>
  );
}
