/**
 * How dates are written: en-GB, 2-digit day and month, 2-digit hour and minute on a
 * 12-hour clock, e.g. '23/06/2024, 02:05 pm'. The web formats in the browser's time zone; the
 * order mails, written on the server, in Nepal's.
 */
export const DATE_TIME_LOCALE = 'en-GB';

export const DATE_TIME_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // hourCycle, not hour12: en-GB with hour12 writes five past noon as '00:05 pm' in some engines.
  hourCycle: 'h12',
};
