/**
 * The sandbox's pay page: plain HTML with its CSS inline and no script (the server's CSP allows no
 * inline script), so the two choices are buttons of one form that posts the token.
 */
import { formatPesos } from '../plans/pricing.ts';

const STATUS_TEXT: Record<number, string> = {
  1: 'pendiente',
  2: 'pagado',
  3: 'rechazado',
  4: 'anulado',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f5;color:#1f2933}
  header{background:#1d3557;color:#fff;padding:16px 24px;font-weight:700;font-size:18px}
  header span{font-weight:400;opacity:.8;margin-left:8px;font-size:14px}
  main{max-width:460px;margin:32px auto;padding:0 16px}
  .card{background:#fff;border-radius:12px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:24px}
  .notice{background:#fff4e5;border:1px solid #ffcc80;border-radius:8px;padding:10px 12px;font-size:14px;margin-bottom:20px}
  h1{font-size:20px;margin:0 0 16px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
  dt{color:#52606d}
  dd{margin:0;font-weight:600;word-break:break-word}
  .amount{font-size:28px;font-weight:700;margin:0 0 24px}
  .actions{display:flex;gap:12px}
  button{flex:1;font:inherit;font-weight:700;font-size:16px;border:0;border-radius:8px;padding:12px;cursor:pointer}
  .pay{background:#2e7d32;color:#fff}
  .reject{background:#fff;color:#c62828;border:2px solid #c62828}
  .back{background:#1d3557;color:#fff}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Flow Sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<header>Flow <span>Sandbox de pruebas</span></header>
<main><div class="card">${body}</div></main>
</body>
</html>`;
}

export interface SandboxPagePayment {
  token: string;
  flowOrder: number;
  commerceOrder: string;
  subject: string;
  amount: number;
  email: string;
  status: number;
  urlReturn: string;
}

export function renderPayPage(payment: SandboxPagePayment, merchant: string): string {
  const token = escapeHtml(payment.token);
  const details = `
<dl>
  <dt>Comercio</dt><dd>${escapeHtml(merchant)}</dd>
  <dt>Orden Flow</dt><dd>${payment.flowOrder}</dd>
  <dt>Orden comercio</dt><dd>${escapeHtml(payment.commerceOrder)}</dd>
  <dt>Descripción</dt><dd>${escapeHtml(payment.subject)}</dd>
  <dt>Pagador</dt><dd>${escapeHtml(payment.email)}</dd>
</dl>
<p class="amount">${formatPesos(payment.amount)}</p>`;

  if (payment.status !== 1) {
    return layout(
      'Pago finalizado',
      `<h1>Este pago ya está ${STATUS_TEXT[payment.status] ?? 'finalizado'}</h1>${details}
<form method="post" action="${escapeHtml(payment.urlReturn)}">
  <input type="hidden" name="token" value="${token}">
  <div class="actions"><button class="back" type="submit">Volver al comercio</button></div>
</form>`,
    );
  }
  return layout(
    'Pagar',
    `<p class="notice">Entorno de pruebas: no se realizan cargos reales. Elige el resultado del pago.</p>
<h1>Resumen del pago</h1>${details}
<form method="post" action="pay/accept">
  <input type="hidden" name="token" value="${token}">
  <div class="actions">
    <button class="pay" type="submit">Pagar</button>
    <button class="reject" type="submit" formaction="pay/reject">Rechazar</button>
  </div>
</form>`,
  );
}

export function renderNotFoundPage(): string {
  return layout(
    'Pago no encontrado',
    '<h1>Pago no encontrado</h1><p>El enlace de pago no es válido o ya no existe.</p>',
  );
}
