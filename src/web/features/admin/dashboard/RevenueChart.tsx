import type uPlot from 'uplot';
import { useEffect, useRef, useState } from 'react';
import { localDigits } from '../../../../shared/locale';
import { Spinner } from '../../../components/ui/Spinner';
import { formatCount, formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { Dashboard } from './api';
import { formatDay } from './days';

type Day = Dashboard['revenueByDay'][number];

const HEIGHT = 240;
const ONLINE = '#f59e0b'; // amber-500, the panel's accent
const COD = '#334155'; // slate-700
const GRID = '#e2e8f0'; // slate-200
const AXIS_TEXT = '#475569'; // slate-600: 7.6:1 on white

/**
 * uPlot and its stylesheet, fetched the first time a chart is drawn: the Dashboard tab is the only
 * code that imports them, so they are a chunk of their own, outside the shopper's pages and even
 * outside the admin panel's first load.
 */
let uplotModule: Promise<typeof uPlot> | undefined;
function loadUplot(): Promise<typeof uPlot> {
  uplotModule ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return uplotModule;
}

/** Rupees in few characters for the axis: Rs. 950, Rs. 12K, Rs. 2.5L, Rs. 1.2Cr (lakh and crore, as Nepal counts). */
function compactRupees(value: number, locale: 'en' | 'ne'): string {
  const steps: [number, string][] = [
    [10_000_000, 'Cr'],
    [100_000, 'L'],
    [1_000, 'K'],
  ];
  const [size, unit] = steps.find(([step]) => Math.abs(value) >= step) ?? [1, ''];
  const number = Number((value / size).toFixed(value / size < 10 && size > 1 ? 1 : 0));
  return `${locale === 'ne' ? 'रू' : 'Rs.'} ${localDigits(String(number), locale)}${unit}`;
}

/** Every day's index, or every 2nd, 5th, 7th… so the labels of the x axis do not overlap. */
function daySplits(count: number, width: number): number[] {
  const fits = Math.max(1, Math.floor(width / 64));
  const step =
    [1, 2, 3, 5, 7, 10, 14, 30, 61, 92].find((candidate) => Math.ceil(count / candidate) <= fits) ?? Math.ceil(count / fits);
  const splits: number[] = [];
  for (let index = 0; index < count; index += step) splits.push(index);
  return splits;
}

/**
 * The period's revenue per day as bars (uPlot, on a canvas): each day's whole bar is its revenue, the
 * dark part at its foot the cash-on-delivery share. The canvas is hidden from screen readers; the
 * table beside it (visually hidden) says the same, day by day.
 */
export function RevenueChart({ days }: { days: Day[] }) {
  const t = useT();
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    loadUplot()
      .then((UPlot) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 200);
        const bars = UPlot.paths.bars!({ size: [0.7, 48], radius: 0 });
        const options: uPlot.Options = {
          width,
          height: HEIGHT,
          legend: { show: false },
          cursor: { y: false, points: { show: false } },
          scales: {
            x: { time: false, range: () => [-0.5, days.length - 0.5] },
            y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          },
          axes: [
            {
              stroke: AXIS_TEXT,
              grid: { show: false },
              ticks: { stroke: GRID },
              splits: (u) => daySplits(days.length, u.bbox.width / UPlot.pxRatio),
              values: (_u, splits) => splits.map((index) => (days[index] ? formatDay(days[index].day, locale) : '')),
            },
            {
              stroke: AXIS_TEXT,
              size: 72,
              grid: { stroke: GRID },
              ticks: { show: false },
              values: (_u, splits) => splits.map((value) => compactRupees(value, locale)),
            },
          ],
          series: [
            {},
            {
              label: t('admin-dashboard.revenue.online'),
              fill: ONLINE,
              stroke: ONLINE,
              width: 0,
              paths: bars,
              points: { show: false },
            },
            { label: t('admin-dashboard.revenue.cod'), fill: COD, stroke: COD, width: 0, paths: bars, points: { show: false } },
          ],
          hooks: { setCursor: [(u) => setHovered(u.cursor.idx ?? null)] },
        };
        // The whole bar (online + cash on delivery) first, then the cash-on-delivery part over its foot.
        const data: uPlot.AlignedData = [
          days.map((_day, index) => index),
          days.map((day) => day.online + day.cashOnDelivery),
          days.map((day) => day.cashOnDelivery),
        ];
        chart = new UPlot(options, data, element);
        observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
        observer.observe(element);
        setState('drawn');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, locale, t]);

  const shown = hovered === null ? undefined : days[hovered];
  return (
    <figure className="m-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ background: ONLINE }} />
          {t('admin-dashboard.revenue.online')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ background: COD }} />
          {t('admin-dashboard.revenue.cod')}
        </span>
        <span className="min-h-5 text-slate-800 sm:ml-auto" data-testid="chart-readout">
          {shown &&
            `${formatDay(shown.day, locale)}: ${formatPrice(shown.online + shown.cashOnDelivery, locale)} (${formatPrice(shown.online, locale)} + ${formatPrice(shown.cashOnDelivery, locale)})`}
        </span>
      </div>
      <div className="relative mt-3" style={{ minHeight: HEIGHT }}>
        <div ref={box} aria-hidden="true" data-testid="revenue-chart" className="w-full" />
        {state === 'loading' && (
          <p className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4 text-amber-500" />
            {t('admin-dashboard.chart.loading')}
          </p>
        )}
        {state === 'failed' && (
          <p role="alert" className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-red-600">
            {t('admin-dashboard.chart.failed')}
          </p>
        )}
      </div>
      {/* Hidden by its wrapper: a table grows to its content whatever width it is given. */}
      <div className="sr-only">
        <table>
          <caption>{t('admin-dashboard.chart.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin-dashboard.chart.day')}</th>
              <th scope="col">{t('admin-dashboard.revenue.online')}</th>
              <th scope="col">{t('admin-dashboard.revenue.cod')}</th>
              <th scope="col">{t('admin-dashboard.chart.total')}</th>
              <th scope="col">{t('admin-dashboard.chart.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day, locale, true)}</th>
                <td>{formatPrice(day.online, locale)}</td>
                <td>{formatPrice(day.cashOnDelivery, locale)}</td>
                <td>{formatPrice(day.online + day.cashOnDelivery, locale)}</td>
                <td>{formatCount(day.orders, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
