import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state kept in the address's query (the admin's filters, search and page): a reload or a
 * shared link shows the same list, and Back and Forward step through it. Each field has a default,
 * which is left out of the address; a value the field does not accept reads as its default.
 */
export type UrlFields<T> = { [K in keyof T]: string | number };

export interface UrlStateSpec<T extends UrlFields<T>> {
  /** Each field's name in the query, and its value when absent. */
  defaults: T;
  /** What a text field accepts (the statuses of a select); any text when left out. */
  allowed?: { [K in keyof T]?: readonly string[] };
}

/** The fields from the query; a number field reads as a whole number of at least 1. */
export function readUrlState<T extends UrlFields<T>>(params: URLSearchParams, spec: UrlStateSpec<T>): T {
  const value: Record<string, string | number> = { ...spec.defaults };
  for (const [key, fallback] of Object.entries<string | number>(spec.defaults)) {
    const raw = params.get(key);
    if (raw === null) continue;
    if (typeof fallback === 'number') {
      const number = Number(raw);
      if (Number.isInteger(number) && number >= 1) value[key] = number;
    } else {
      const allowed = (spec.allowed as Record<string, readonly string[] | undefined> | undefined)?.[key];
      if (!allowed || allowed.includes(raw)) value[key] = raw;
    }
  }
  return value as unknown as T;
}

/** The query with the fields written in (defaults left out); other parameters (the tab) are kept. */
export function writeUrlState<T extends UrlFields<T>>(base: URLSearchParams, value: T, spec: UrlStateSpec<T>): URLSearchParams {
  const params = new URLSearchParams(base);
  const fields: Partial<Record<string, string | number>> = value;
  for (const [key, fallback] of Object.entries<string | number>(spec.defaults)) {
    const field = fields[key];
    if (field === undefined || field === fallback || field === '') params.delete(key);
    else params.set(key, String(field));
  }
  return params;
}

/**
 * The fields and a way to change some of them. A change is a new history entry; `replace` (typing)
 * rewrites the current one instead, so Back does not step through every letter.
 */
export function useUrlState<T extends UrlFields<T>>(
  spec: UrlStateSpec<T>,
): [T, (patch: Partial<T>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const value = useMemo(() => readUrlState(params, spec), [params, spec]);
  const update = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) =>
      setParams((current) => writeUrlState(current, { ...readUrlState(current, spec), ...patch }, spec), {
        replace: options.replace ?? false,
      }),
    [setParams, spec],
  );
  return [value, update];
}
