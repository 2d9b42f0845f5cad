import { formatMoney } from '@/lib/format/money';
import { useCssColors } from './use-css-colors';

// What every chart of the dashboard shares: colours from CSS variables (so dark mode follows the
// page), the grid, axes and zero line, money ticks and how a day that is not over yet is drawn.
// Props objects rather than wrapper components: recharts finds its axes among the chart's children.

/** The neutral tokens every chart draws with, besides its series colours. */
const FRAME_VARS = ['--border', '--text-muted'] as const;

export type ChartColors = Record<string, string>;

/** The series' colour variables plus the frame's, read from the page and re-read on a theme switch. */
export function useChartColors(seriesVars: readonly string[]): ChartColors {
  return useCssColors([...seriesVars, ...FRAME_VARS]);
}

export const CHART_MARGIN = { top: 8, right: 8, bottom: 0, left: 8 };

/** The day that is still running: its line is dashed, its bars faded with a dashed outline. */
export const PARTIAL_LINE_DASH = '5 4';
export const PARTIAL_BAR = { fillOpacity: 0.4, strokeDasharray: '3 2' } as const;

export function chartFrame(colors: ChartColors, currency: string, yAxisWidth: number) {
  const tick = { fontSize: 12, fill: colors['--text-muted'] };
  return {
    grid: { stroke: colors['--border'], vertical: false },
    xAxis: { dataKey: 'label', tick, minTickGap: 16 },
    yAxis: { tick, width: yAxisWidth, tickFormatter: (v: number) => formatMoney(v, currency) },
    zeroLine: { y: 0, stroke: colors['--text-muted'] },
  } as const;
}
