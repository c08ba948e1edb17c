// The day-of-week and hour-of-day dimensions as a person reads them: the
// query API answers the ISO weekday '1' (Monday) … '7' and the hour '00' … '23' (the catalogue, and
// analytics' dialect.timePart); charts label the days Mon … Sun and draw every day and hour in order,
// so an hour without transactions is an empty cell, not a missing column. Also the shade of a heatmap
// cell, which both the dashboards' and the merchant page's heatmaps use.
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

export interface TimePartAxis {
  /** Every value the dimension takes, in order. */
  values: string[];
  label: (value: string) => string;
}

const TIME_PART_AXES: Readonly<Record<string, TimePartAxis>> = {
  day_of_week: {
    values: WEEKDAYS.map((_, index) => String(index + 1)),
    label: (value) => WEEKDAYS[Number(value) - 1] ?? value,
  },
  hour_of_day: { values: HOURS, label: (value) => value },
};

/** Made once: tables ask for every cell. */
export function timePartAxis(dimension: string | undefined): TimePartAxis | null {
  return dimension !== undefined && Object.hasOwn(TIME_PART_AXES, dimension) ? TIME_PART_AXES[dimension]! : null;
}

/**
 * A heatmap cell's fill for its share of the range (0–1): the colour itself shaded from pale to full
 * (not the cell's opacity, which would fade its label too), and whether a label on it should be white.
 * Each cell is coloured itself: the app's ECharts build (echartsCore.ts) leaves out visualMap.
 */
export function heatmapShade(
  hex: string | undefined,
): (share: number) => { itemStyle: { color?: string; opacity?: number }; dark: boolean } {
  const rgb = hex && /^#[0-9a-f]{6}$/i.test(hex) ? [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) : null;
  return (share) => {
    const alpha = 0.12 + 0.88 * share;
    return {
      itemStyle: rgb ? { color: `rgba(${rgb.join(', ')}, ${alpha.toFixed(3)})` } : { color: hex, opacity: alpha },
      dark: alpha > 0.55,
    };
  };
}
