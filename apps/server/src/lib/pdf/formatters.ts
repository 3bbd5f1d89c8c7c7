import { INTL_LOCALES, isLanguage } from '@heliotrack/domain/constants';

/** Numbers, shares, days and moments as the PDFs write them, in the document's language (UTC). */
export function formatters(language: string) {
  const locale = isLanguage(language) ? INTL_LOCALES[language] : language;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  // Four-digit years in every language (the 'short' date style gives 24/11/26 in es and it).
  const dateTime = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return {
    number: (value: number) => number.format(value),
    percent: (share: number) => percent.format(share),
    day: (day: string) => date.format(new Date(`${day}T00:00:00.000Z`)),
    dateTime: (iso: string) => `${dateTime.format(new Date(iso))} UTC`,
  };
}

export type Formatters = ReturnType<typeof formatters>;
