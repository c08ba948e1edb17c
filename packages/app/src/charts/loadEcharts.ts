// ECharts is loaded on first use, apart from the screens that draw it: a dashboard renders its cards
// and sends its queries while the library (the larger part of the route's JavaScript) downloads in
// parallel, instead of waiting for it before asking anything (bench:dashboard). A failed load is
// forgotten, so the next chart tries again.
import type * as EchartsCore from './echartsCore.ts';

type EchartsModule = typeof EchartsCore;

let loading: Promise<EchartsModule> | null = null;

export function loadEcharts(): Promise<EchartsModule> {
  loading ??= import('./echartsCore.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
