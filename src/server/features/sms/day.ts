const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** The day in Nepal (UTC+5:45) at an instant, YYYY-MM-DD: the shop-wide SMS count starts again at Nepal's midnight. */
export function nepaliDay(now: Date): string {
  return new Date(now.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);
}
