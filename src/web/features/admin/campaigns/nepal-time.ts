/** Nepal keeps UTC+5:45 all year: campaign times are written and read in it, whatever the device's zone. */
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;

/** A day and time in Nepal, as the form's fields hold them. */
export interface NepalDateTime {
  /** 'YYYY-MM-DD' (Gregorian). */
  day: string;
  /** 'HH:MM'. */
  time: string;
}

/** The instant of a Nepal day and time, as ISO 8601 with Nepal's offset (the server keeps it as UTC). */
export const toInstant = (at: NepalDateTime): string => `${at.day}T${at.time || '00:00'}:00+05:45`;

/** An instant's day and time in Nepal. */
export function fromInstant(iso: string): NepalDateTime {
  const nepal = new Date(Date.parse(iso) + NEPAL_OFFSET_MS).toISOString();
  return { day: nepal.slice(0, 10), time: nepal.slice(11, 16) };
}

/** '2026-12-07 18:00' in Nepal. */
export const nepalText = (iso: string): string => {
  const at = fromInstant(iso);
  return `${at.day} ${at.time}`;
};
