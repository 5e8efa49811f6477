import { Suspense, useDeferredValue, useEffect, useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Plan } from '@escudo/contract';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { ThemedErrorState } from '../../../components/themed-error-state.tsx';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import { usePlanes } from '../api/get-planes.ts';
import { paymentPageUrl, useNewPlanPayment } from '../api/new-plan-payment.ts';
import type { PlanMonths } from '../components/months-selector.tsx';
import { PlanCard, type PlanCardPayment } from '../components/plan-card.tsx';
import { SandboxNotice } from '../components/sandbox-notice.tsx';
import { planesTexts } from '../texts.ts';
import './planes-page.css';

// only a return from Flow's page (?token=…) opens it: MUI's Dialog stays off the page's first load
const PaymentStatusDialog = lazyThemed(
  async () => (await import('../components/payment-status-dialog.tsx')).PaymentStatusDialog,
);

/**
 * Planes (spec 2 Planes, 4 Payment): 'Plan Actual' and the others under 'Actualiza tu Plan'. Paying
 * leaves for Flow's page; Flow sends the person back to /planes?token=…, which opens the
 * payment-status dialog.
 */
export function PlanesPage() {
  const user = useSignedInUser();
  const planesQuery = usePlanes();
  // whether payments are tests (decision 008); a failed config load shows the page without the notice
  const configQuery = useConfig();
  const isSandbox = configQuery.data?.payments_sandbox ?? false;
  const { pay, paymentOf, leavingFor } = usePlanPayment();
  const [searchParams, setSearchParams] = useSearchParams();
  const returnToken = searchParams.get('token');
  const [isDialogOpen, setIsDialogOpen] = useState(true);

  const currentPlanId = user.plan?.plan_id ?? null;
  // The plans appear in a deferred render once both answers are in: React draws them in slices that
  // leave the main thread free, not in one long task as an answer's arrival would (decision 017).
  const isLoaded = useDeferredValue(!planesQuery.isPending && !configQuery.isPending);
  let content;
  // the page waits for the config too, so that the sandbox notice does not push the plans down later
  if (!isLoaded || planesQuery.isPending || configQuery.isPending) {
    content = <PlanesSkeleton />;
  } else if (planesQuery.isError) {
    content = (
      <ThemedErrorState
        title={planesTexts.loadFailedTitle}
        message={describeErrorDetails(planesQuery.error).join(' ')}
        onRetry={() => void planesQuery.refetch()}
        isRetrying={planesQuery.isFetching}
      />
    );
  } else {
    const { planes } = planesQuery.data;
    // the account's plan as the catalogue has it now; user.plan.plan if it left the catalogue
    const current =
      currentPlanId === null ? null : (planes.find((p) => p.id === currentPlanId) ?? user.plan!.plan);
    const others = planes.filter((p) => p.id !== currentPlanId);
    content = (
      <>
        {isSandbox ? <SandboxNotice variant="page" /> : null}
        <Section title={planesTexts.currentPlan}>
          {current ? (
            <div className="planes-current">
              <PlanCard
                plan={current}
                isCurrent
                expiry={user.plan ?? undefined}
                payment={paymentOf(current)}
                isSandbox={isSandbox}
                onPay={(months) => pay(current, months)}
              />
            </div>
          ) : (
            <PlainAlert severity="info">{planesTexts.noCurrentPlan}</PlainAlert>
          )}
        </Section>
        {others.length > 0 ? (
          // below the current plan: on a phone, after scrolling (decision 017)
          <AfterFirstPaint>
            <Section title={planesTexts.upgradePlan}>
              <div className="planes-grid">
                {others.map((plan) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    isCurrent={false}
                    payment={paymentOf(plan)}
                    isSandbox={isSandbox}
                    onPay={(months) => pay(plan, months)}
                  />
                ))}
              </div>
            </Section>
          </AfterFirstPaint>
        ) : null}
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={planesTexts.title} />
      <h1 className="planes-title">{planesTexts.title}</h1>
      {leavingFor ? (
        <div className="planes-leaving">
          <PlainAlert severity="info" role="status">
            {planesTexts.leaving}
          </PlainAlert>
        </div>
      ) : null}
      {content}
      {returnToken ? (
        <Suspense fallback={null}>
          <PaymentStatusDialog
            // a new token is a new dialog
            key={returnToken}
            token={returnToken}
            isSandbox={isSandbox}
            open={isDialogOpen}
            onClose={() => setIsDialogOpen(false)}
            onExited={() => {
              setSearchParams({}, { replace: true });
              setIsDialogOpen(true);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Starting a payment: which plan's button is busy, the error of the last try beside its plan, and the
 * address of Flow's page the browser is leaving for.
 */
function usePlanPayment() {
  const payment = useNewPlanPayment();
  const [payingPlanId, setPayingPlanId] = useState<number | null>(null);
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const [startError, setStartError] = useState<{ planId: number; error: unknown } | null>(null);

  // back from Flow's page with the browser's Back button, the page may come from the back-forward
  // cache with its buttons still spinning: start over
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPayingPlanId(null);
      setLeavingFor(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const pay = (plan: Plan, months: PlanMonths) => {
    setPayingPlanId(plan.id);
    setStartError(null);
    payment.mutate(
      { plan_id: plan.id, months_paid: months },
      {
        onSuccess: (answer) => {
          const url = paymentPageUrl(answer);
          if (!url) {
            setStartError({ planId: plan.id, error: null });
            setPayingPlanId(null);
            return;
          }
          // the button keeps spinning until the browser has left
          setLeavingFor(url);
          window.location.assign(url);
        },
        onError: (error) => {
          setStartError({ planId: plan.id, error });
          setPayingPlanId(null);
        },
      },
    );
  };

  const paymentOf = (plan: Plan): PlanCardPayment => ({
    isPaying: payingPlanId === plan.id,
    isBlocked: payingPlanId !== null && payingPlanId !== plan.id,
    error: startError?.planId === plan.id ? (startError.error ?? new Error(planesTexts.paymentError)) : null,
  });

  return { pay, paymentOf, leavingFor };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="planes-section">
      <h2 id={titleId} className="planes-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The same shape as the loaded page, so nothing jumps when the plans arrive. */
function PlanesSkeleton() {
  return (
    <div aria-hidden>
      <span className="skeleton planes-skeleton-title" />
      <span className="skeleton planes-skeleton-card planes-skeleton-current" />
      <span className="skeleton planes-skeleton-title planes-skeleton-title--wide" />
      <div className="planes-grid">
        <span className="skeleton planes-skeleton-card" />
        <span className="skeleton planes-skeleton-card" />
      </div>
    </div>
  );
}
