import type { RecoveredBasket } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCart } from '../../features/storefront/cart';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { seoMeta } from '../../features/storefront/seo';
import { pageSeo } from '../../features/storefront/seo.server';
import { requestLanguage, requireStore } from '../../features/storefront/store.server';
import { StoreLink } from '../../features/storefront/store-link';
import css from '../../features/storefront/storefront.module.css';
import { ApiError, api } from '../../lib/api';
import { useAddTexts } from '../../lib/i18n';
import { storePath, useStore } from '../../lib/store-context';
import { textsOf } from '../../lib/texts.server';
import { visitorId } from '../../lib/visitor';
import type { Route } from './+types/recover';

/**
 * The recovery link of an abandoned checkout (its reminder e-mail, or sent by the merchant):
 * the checkout's lines go into this browser's cart, and the shopper lands in the store with the
 * cart open. Only this page's few texts travel with it.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const texts = textsOf(requestLanguage(request), ['abandoned']).abandoned as { recover: Record<string, string> };
  return {
    token: params.token,
    texts: { abandoned: { recover: texts.recover } },
    seo: pageSeo(store, { path: '/recover', title: texts.recover.title, noindex: true }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

type State =
  | { kind: 'working' }
  | { kind: 'partial'; unavailable: RecoveredBasket['unavailable'] }
  | { kind: 'invalid' }
  | { kind: 'paid' }
  | { kind: 'failed' };

export default function Recover({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts);
  const { t } = useTranslation();
  const store = useStore();
  const cart = useCart();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const home = storePath(store?.base ?? '');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token and per retry.
  useEffect(() => {
    if (!store || started.current === attempt) return;
    started.current = attempt;
    setState({ kind: 'working' });
    (async () => {
      try {
        const uniqueCode = await visitorId();
        const result = await api<RecoveredBasket>('POST', '/Basket/recover', {
          marketId: store.id,
          token: loaderData.token,
          uniqueCode,
        });
        await cart.load().catch(() => {});
        if (result.unavailable.length) {
          setState({ kind: 'partial', unavailable: result.unavailable });
          return;
        }
        cart.open();
        await navigate(home, { replace: true });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setState({ kind: 'invalid' });
        else if (error instanceof ApiError && error.code === 'ORDER_ALREADY_PAID') setState({ kind: 'paid' });
        else setState({ kind: 'failed' });
      }
    })();
  }, [loaderData.token, attempt]);

  const openCart = () => {
    cart.open();
    void navigate(home, { replace: true });
  };

  return (
    <section className={css.empty} data-testid="recover-page" data-state={state.kind} aria-live="polite">
      {state.kind === 'working' && (
        <>
          <h1 className={css.pageTitle}>{t('abandoned.recover.title')}</h1>
          <p className={css.lead}>{t('abandoned.recover.restoring')}</p>
        </>
      )}
      {state.kind === 'partial' && (
        <>
          <h1 className={css.pageTitle}>{t('abandoned.recover.partialTitle')}</h1>
          <p className={css.lead}>{t('abandoned.recover.partialText')}</p>
          <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 20px' }} data-testid="recover-unavailable">
            {state.unavailable.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the checkout's lines keep their order.
              <li key={index}>
                {t('abandoned.recover.unavailableLine', {
                  title: line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title,
                  requested: line.requested,
                  added: line.added,
                })}
              </li>
            ))}
          </ul>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <button type="button" className={css.primary} style={{ flex: '0 1 260px' }} onClick={openCart}>
              {t('abandoned.recover.openCart')}
            </button>
          </div>
        </>
      )}
      {(state.kind === 'invalid' || state.kind === 'paid') && (
        <>
          <h1 className={css.pageTitle}>
            {state.kind === 'paid' ? t('abandoned.recover.paidTitle') : t('abandoned.recover.invalidTitle')}
          </h1>
          <p className={css.lead}>
            {state.kind === 'paid' ? t('abandoned.recover.paidText') : t('abandoned.recover.invalidText')}
          </p>
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            <StoreLink to={home} className={css.primary} style={{ flex: '0 1 260px' }}>
              {t('abandoned.recover.toStore')}
            </StoreLink>
          </div>
        </>
      )}
      {state.kind === 'failed' && (
        <>
          <h1 className={css.pageTitle}>{t('abandoned.recover.failedTitle')}</h1>
          <p className={css.lead}>{t('abandoned.recover.failedText')}</p>
          <div style={{ display: 'flex', justifyContent: 'center', gap: 12, flexWrap: 'wrap' }}>
            <button
              type="button"
              className={css.primary}
              style={{ flex: '0 1 200px' }}
              onClick={() => setAttempt((n) => n + 1)}
            >
              {t('abandoned.recover.retry')}
            </button>
            <StoreLink to={home} className={css.secondary} style={{ flex: '0 1 200px' }}>
              {t('abandoned.recover.toStore')}
            </StoreLink>
          </div>
        </>
      )}
    </section>
  );
}

export const ErrorBoundary = StoreErrorBoundary;
