import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Chart as ChartType } from 'chart.js';
import type { SalesResumen } from '@escudo/contract';
import { SPANISH_MONTH_NAMES } from '@escudo/contract/browser';
import { fillText, formatPesos } from '../../../lib/format.ts';
import { salesTexts as t } from '../texts.ts';

/** "2026-03" → "Mar 26": short enough for twelve labels on a phone */
function shortMonth(key: string): string {
  const [year, month] = key.split('-');
  return `${SPANISH_MONTH_NAMES[Number(month) - 1]!.slice(0, 3)} ${year!.slice(2)}`;
}

function longMonth(key: string): string {
  const [year, month] = key.split('-');
  return `${SPANISH_MONTH_NAMES[Number(month) - 1]!} ${year!}`;
}

/** the month before "YYYY-MM" */
function previousKey(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * spec 2 Sales: a line chart of new referred accounts per month, and a doughnut of the month before's
 * payments against this month's. Chart.js is loaded here, on demand (dynamic import), so it is part
 * of this page's JavaScript only, never of the panel's first load. Each chart carries its figures as
 * text (the canvas's label and a caption), which is also what shows if Chart.js cannot load.
 */
export function SalesCharts({ resumen }: { resumen: SalesResumen }) {
  const theme = useTheme();
  const lineRef = useRef<HTMLCanvasElement>(null);
  const doughnutRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const lineCaptionId = useId();
  const doughnutCaptionId = useId();

  const currentKey = resumen.array_months.at(-1) ?? '';
  const prevKey = previousKey(currentKey);
  const lineAlt = fillText(t.referredChartAlt, {
    from: longMonth(resumen.array_months[0] ?? currentKey),
    to: longMonth(currentKey),
    values: resumen.array_months
      .map((key, i) => `${shortMonth(key)}: ${resumen.referred_by_month[i] ?? 0}`)
      .join(', '),
  });
  const hasPayments = resumen.amount_previous_payments > 0 || resumen.amount_payments > 0;
  const doughnutAlt = fillText(hasPayments ? t.paymentsChartAlt : t.paymentsChartEmpty, {
    previous: formatPesos(resumen.amount_previous_payments),
    previousMonth: longMonth(prevKey),
    current: formatPesos(resumen.amount_payments),
    currentMonth: longMonth(currentKey),
  });

  const primary = theme.palette.primary.main;
  const muted = theme.palette.grey[400];
  // what the charts draw, as one value: they are drawn again only when it changes
  const dataKey = JSON.stringify([
    resumen.array_months,
    resumen.referred_by_month,
    resumen.amount_previous_payments,
    resumen.amount_payments,
  ]);

  useEffect(() => {
    let isCancelled = false;
    const charts: ChartType[] = [];
    const [months, counts, previous, current] = JSON.parse(dataKey) as [string[], number[], number, number];
    import('chart.js')
      .then((chartJs) => {
        if (isCancelled || !lineRef.current || !doughnutRef.current) return;
        const { Chart } = chartJs;
        Chart.register(
          chartJs.LineController,
          chartJs.LineElement,
          chartJs.PointElement,
          chartJs.LinearScale,
          chartJs.CategoryScale,
          chartJs.DoughnutController,
          chartJs.ArcElement,
          chartJs.Tooltip,
          chartJs.Legend,
          chartJs.Filler,
        );
        charts.push(
          new Chart(lineRef.current, {
            type: 'line',
            data: {
              labels: months.map(shortMonth),
              datasets: [
                {
                  label: t.referredChartSeries,
                  data: counts,
                  borderColor: primary,
                  backgroundColor: `${primary}22`,
                  fill: true,
                  // monotone: the curve never dips below zero between whole counts
                  cubicInterpolationMode: 'monotone',
                  pointRadius: 3,
                },
              ],
            },
            options: {
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              plugins: { legend: { display: false } },
              scales: {
                y: { beginAtZero: true, ticks: { precision: 0 } },
                x: { ticks: { autoSkip: true, maxRotation: 0 } },
              },
            },
          }),
        );
        charts.push(
          new Chart(doughnutRef.current, {
            type: 'doughnut',
            data: {
              labels: [longMonth(previousKey(months.at(-1)!)), longMonth(months.at(-1)!)],
              datasets: [{ data: [previous, current], backgroundColor: [muted, primary], borderWidth: 1 }],
            },
            options: {
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              plugins: {
                legend: { position: 'bottom' },
                tooltip: { callbacks: { label: (item) => ` ${formatPesos(Number(item.raw))}` } },
              },
            },
          }),
        );
        setState('ready');
      })
      .catch(() => {
        if (!isCancelled) setState('failed');
      });
    return () => {
      isCancelled = true;
      for (const chart of charts) chart.destroy();
    };
  }, [dataKey, primary, muted]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      {state === 'failed' ? (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {t.chartsFailed}
        </Alert>
      ) : null}
      <ChartCard
        title={t.referredChartTitle}
        captionId={lineCaptionId}
        caption={lineAlt}
        isLoading={state === 'loading'}
      >
        <canvas ref={lineRef} role="img" aria-label={t.referredChartTitle} aria-describedby={lineCaptionId} />
      </ChartCard>
      <ChartCard
        title={t.paymentsChartTitle}
        captionId={doughnutCaptionId}
        caption={doughnutAlt}
        isLoading={state === 'loading'}
      >
        <canvas
          ref={doughnutRef}
          role="img"
          aria-label={t.paymentsChartTitle}
          aria-describedby={doughnutCaptionId}
        />
      </ChartCard>
    </Box>
  );
}

function ChartCard({
  title,
  caption,
  captionId,
  isLoading,
  children,
}: {
  title: string;
  caption: string;
  captionId: string;
  isLoading: boolean;
  children: ReactNode;
}) {
  return (
    <Paper component="figure" variant="outlined" sx={{ m: 0, p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ position: 'relative', height: 220 }} aria-busy={isLoading}>
        {children}
        {isLoading ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
          >
            {t.chartsLoading}
          </Typography>
        ) : null}
      </Box>
      <Typography
        id={captionId}
        component="figcaption"
        variant="caption"
        color="text.secondary"
        sx={{ mt: 1, display: 'block' }}
      >
        {caption}
      </Typography>
    </Paper>
  );
}
