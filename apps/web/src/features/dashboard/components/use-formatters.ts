import { useMemo } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { formatDate, formatInteger, formatPercent } from '../../../lib/format';
import type { Formatters } from '../lib/chart-options';
import { dayAsDate } from '../lib/dates';

/** The chart formatters in the user's language; a new object when the language changes. */
export function useFormatters(): Formatters {
  const language = useLanguage();
  return useMemo(
    () => ({
      integer: (value: number) => formatInteger(value, language),
      percent: (ratio: number) => formatPercent(ratio, language),
      day: (day: string) => formatDate(dayAsDate(day), language),
    }),
    [language],
  );
}
