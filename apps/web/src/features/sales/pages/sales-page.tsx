import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Referred } from '@escudo/contract';
import {
  SALES_STATUS_ACTIVE,
  SNACKBAR_ERROR_MS,
  SNACKBAR_MS,
  chileDateParts,
} from '@escudo/contract/browser';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import { useActivateSales } from '../api/change-sales-status.ts';
import { useSalesStatus } from '../api/get-sales-status.ts';
import { NotActivated } from '../components/not-activated.tsx';
import { ReferredTab } from '../components/referred-tab.tsx';
import { SummaryTab } from '../components/summary-tab.tsx';
import { salesTexts as t } from '../texts.ts';

type Notice = { severity: 'success' | 'error'; text: string; ms: number };

/**
 * Panel de ventas (spec 2 Sales, 4 Sales; decision 020): until the sales profile is active, an offer to
 * activate it; then the tabs 'Resumen' and 'Detalle de referidos', which share the month chosen in Resumen:
 * the detail of a referred account covers that period, not all time (docs/api.md, getUserPaymentStatus).
 */
export function SalesPage() {
  const user = useSignedInUser();
  const [page, setPage] = useState(1);
  const status = useSalesStatus(page);
  const activation = useActivateSales();
  const [tab, setTab] = useState<'summary' | 'referred'>('summary');
  // the month selector starts on this month, in Chile's calendar
  const [month, setMonth] = useState(() => Number(chileDateParts(new Date())!.month));
  const [selected, setSelected] = useState<Referred['user'] | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const activate = () =>
    activation.mutate(undefined, {
      // spec 9: the activation's message stays 6 s
      onSuccess: () => setNotice({ severity: 'success', text: t.activated, ms: SNACKBAR_ERROR_MS }),
    });

  let content;
  if (status.isPending) content = <PageLoader />;
  else if (status.isError)
    content = (
      <ErrorState
        title={t.loadFailedTitle}
        message={describeErrorDetails(status.error).join(' ')}
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  else if (status.data.status !== SALES_STATUS_ACTIVE)
    content = (
      <NotActivated
        isSuspended={status.data.status !== null}
        isActivating={activation.isPending || (activation.isSuccess && status.isFetching)}
        error={activation.error}
        onActivate={activate}
      />
    );
  else
    content = (
      <>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
          <Tabs
            value={tab}
            onChange={(_, value: 'summary' | 'referred') => setTab(value)}
            variant="fullWidth"
          >
            <Tab
              value="summary"
              label={t.tabSummary}
              id="sales-tab-summary"
              aria-controls="sales-panel-summary"
            />
            <Tab
              value="referred"
              label={t.tabReferred}
              id="sales-tab-referred"
              aria-controls="sales-panel-referred"
            />
          </Tabs>
        </Box>
        <div role="tabpanel" id={`sales-panel-${tab}`} aria-labelledby={`sales-tab-${tab}`}>
          {tab === 'summary' ? (
            <SummaryTab
              code={user.info.codigo_invitacion}
              month={month}
              onMonth={setMonth}
              onCopied={(ok) =>
                setNotice(
                  ok
                    ? { severity: 'success', text: t.copied, ms: SNACKBAR_MS }
                    : { severity: 'error', text: t.copyFailed, ms: SNACKBAR_ERROR_MS },
                )
              }
            />
          ) : (
            <ReferredTab
              month={month}
              rows={status.data.referred}
              total={status.data.total_referred}
              page={page}
              onPage={setPage}
              isLoading={status.isPlaceholderData}
              selected={selected}
              onSelect={setSelected}
            />
          )}
        </div>
      </>
    );

  return (
    <>
      <DocumentTitle title={t.title} />
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
        {t.title}
      </Typography>
      {content}
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.ms ?? SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert
            severity={notice.severity}
            variant="filled"
            onClose={() => setNotice(null)}
            sx={{ width: '100%' }}
          >
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
