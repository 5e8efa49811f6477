import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { useEffect, useId } from 'react';
import type { OrderStatus } from '@escudo/contract';
import { PAYMENT_STATUS_PAID } from '@escudo/contract/browser';
import { PageLoader } from '../../../components/page-loader.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { useOrderStatus } from '../api/get-order-status-by-token.ts';
import { formatDate, formatFlowDate, formatPesos } from '../format.ts';
import { planesTexts } from '../texts.ts';
import { SandboxNotice } from './sandbox-notice.tsx';

/**
 * Back from Flow with `?token=…` (spec 2 Planes, 4 Payment): the order's status with its number,
 * amount, status, payment method and date; 'Pago realizado' for status 2, otherwise 'Error en el pago'
 * and 'No se han realizado cargos a tu cuenta'; 'Hubo un error en el pago' when the call fails (spec 8).
 */
export function PaymentStatusDialog({
  token,
  isSandbox = false,
  open,
  onClose,
  onExited,
}: {
  token: string;
  /** the order went to the built-in sandbox: the dialog says no money moved */
  isSandbox?: boolean;
  open: boolean;
  onClose: () => void;
  /** after the closing transition: the page forgets the token */
  onExited: () => void;
}) {
  const titleId = useId();
  const query = useOrderStatus(token);
  // spec 5: shown only when the answer is code 200 and has a status
  const order = query.data?.code === 200 ? (query.data.orderStatus ?? null) : null;
  const isPaid = order?.status === PAYMENT_STATUS_PAID;

  // a paid order changed the account's plan: the sidebar and 'Plan Actual' read it from the user
  useEffect(() => {
    if (isPaid) void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
  }, [isPaid]);

  const outcome = query.isPending ? 'checking' : !order ? 'callFailed' : isPaid ? 'paid' : 'notPaid';
  const title = {
    checking: planesTexts.dialogChecking,
    callFailed: planesTexts.paymentError,
    paid: planesTexts.dialogPaid,
    notPaid: planesTexts.dialogFailed,
  }[outcome];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle
        id={titleId}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}
      >
        {outcome === 'paid' ? <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden /> : null}
        {outcome === 'notPaid' || outcome === 'callFailed' ? (
          <ErrorOutlineOutlined color="error" sx={{ fontSize: 56 }} aria-hidden />
        ) : null}
        <Box component="span" sx={{ fontWeight: 700 }}>
          {title}
        </Box>
      </DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        {outcome === 'checking' ? <PageLoader minHeight={120} /> : null}
        {outcome === 'callFailed' ? (
          <DialogContentText>{describeErrorDetails(query.error).join(' ')}</DialogContentText>
        ) : null}
        {outcome === 'notPaid' ? <DialogContentText>{planesTexts.dialogNoCharges}</DialogContentText> : null}
        {outcome === 'paid' && order?.expires_at ? (
          <DialogContentText>
            {fillText(planesTexts.dialogPlanActive, {
              plan: order.plan_name,
              date: formatDate(order.expires_at),
            })}
          </DialogContentText>
        ) : null}
        {order ? <OrderDetails order={order} /> : null}
        {isSandbox && order ? (
          <Box sx={{ mt: 2 }}>
            <SandboxNotice variant="inline" text={planesTexts.sandboxDialog} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {planesTexts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function OrderDetails({ order }: { order: OrderStatus }) {
  const rows: [string, string][] = [
    [planesTexts.orderNumber, order.flowOrder === null ? planesTexts.notAvailable : String(order.flowOrder)],
    [planesTexts.amount, formatPesos(order.amount)],
    [planesTexts.status, planesTexts.statusNames[order.status]],
    [planesTexts.paymentMethod, order.paymentData.media ?? planesTexts.notAvailable],
    [
      planesTexts.date,
      order.paymentData.date ? formatFlowDate(order.paymentData.date) : planesTexts.notAvailable,
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{
        width: '100%',
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 1,
        m: 0,
        mt: 1,
        p: 2,
        borderRadius: 2,
        bgcolor: 'grey.100',
        textAlign: 'left',
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
