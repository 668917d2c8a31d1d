/** Page metrics from the entries the pages part collects in the browser (see parts/pages.ts). */

export interface PerfState {
  lcp: number;
  lcpElement: string;
  lcpUrl: string;
  fcp: number;
  shifts: { t: number; v: number; sources: string[] }[];
  longTasks: { start: number; duration: number }[];
}

/** Largest session window of layout shifts (gaps under 1 s, windows of at most 5 s), as Lighthouse's CLS. */
export function cumulativeLayoutShift(shifts: PerfState['shifts']): { value: number; sources: string[] } {
  let best = { value: 0, sources: [] as string[] };
  let window = { value: 0, sources: [] as string[], start: -Infinity, last: -Infinity };
  for (const shift of [...shifts].sort((a, b) => a.t - b.t)) {
    if (shift.t - window.last > 1000 || shift.t - window.start > 5000) {
      window = { value: 0, sources: [], start: shift.t, last: shift.t };
    }
    window.value += shift.v;
    window.sources.push(...shift.sources);
    window.last = shift.t;
    if (window.value > best.value) best = { value: window.value, sources: [...new Set(window.sources)] };
  }
  return best;
}

/** Sum of each long task's time beyond 50 ms after First Contentful Paint (until the page went quiet). */
export function totalBlockingTime(state: PerfState): number {
  let total = 0;
  for (const task of state.longTasks) {
    const end = task.start + task.duration;
    if (end <= state.fcp) continue;
    const blocking = end - Math.max(task.start, state.fcp);
    if (blocking > 50) total += blocking - 50;
  }
  return total;
}
