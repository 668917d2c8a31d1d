import { useCallback, useMemo, useState } from 'react';
import type { Locale } from '../../shared/locale';
import { validationMessage } from '../../shared/validation-ne';
import { ApiError, errorMessage } from './errors';
import { useLocale } from './i18n';
import { toast } from './toast';

interface SafeParseable<Out> {
  safeParse(
    value: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * The first message of each field (a form shows one message per field); with `locale`, in that
 * language (the shared schemas write English).
 */
export function firstErrors(issues: { path: PropertyKey[]; message: string }[], locale?: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= locale ? validationMessage(issue.message, locale) : issue.message;
  }
  return errors;
}

/**
 * Field messages in the page's language. The shared schemas' messages are in English, turned
 * into Nepali here, where they are shown (a language switch re-renders them); a server's field
 * messages already come in the page's language and pass unchanged.
 */
function inLocale<Field extends string>(errors: Partial<Record<Field, string>>, locale: Locale): Partial<Record<Field, string>> {
  if (locale === 'en') return errors;
  const shown: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(errors) as [Field, string | undefined][]) {
    if (message !== undefined) shown[field] = validationMessage(message, locale);
  }
  return shown;
}

/**
 * Form state validated with one of the shared zod schemas: validate() on submit fills the errors
 * (and returns the parsed data only when there are none); editing a field clears its error.
 * `idPrefix` keeps the inputs' ids apart when two forms on one page have a field of the same name.
 */
export function useSchemaForm<Field extends string, Out>(
  schema: SafeParseable<Out>,
  initial: Record<Field, string>,
  { idPrefix = '' }: { idPrefix?: string } = {},
) {
  const locale = useLocale();
  const [values, setValues] = useState(initial);
  // The messages as the schemas (or the server) wrote them; `errors` below is what the page shows.
  const [rawErrors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const errors = useMemo(() => inLocale(rawErrors, locale), [rawErrors, locale]);

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const validate = useCallback((): Out | undefined => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = firstErrors(result.error.issues) as Partial<Record<Field, string>>;
    setErrors(found);
    // Take the keyboard and screen reader to the first field that needs attention.
    const first = Object.keys(initial).find((field) => field in found);
    if (first) document.getElementById(`${idPrefix}${first}`)?.focus();
    return undefined;
  }, [schema, values, initial, idPrefix]);

  /** Back to the initial values, without errors (after a successful submit). */
  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  /** Props for a TextField bound to one field (id = prefix + field name so labels and focus line up). */
  const field = (name: Field) => ({
    id: `${idPrefix}${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  return { values, errors, setErrors, setValue, validate, reset, field };
}

export type SchemaForm<Field extends string, Out> = ReturnType<typeof useSchemaForm<Field, Out>>;

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * validate() of a form with a new password and its confirmation. The shared schemas compare the two
 * only once every other field is valid; a mismatch is said at once, beside the other messages.
 */
export function validateNewPassword<Field extends string, Out>(
  form: SchemaForm<Field | 'password' | 'confirmPassword', Out>,
): Out | undefined {
  const data = form.validate();
  const { password, confirmPassword } = form.values;
  if (!data && password && confirmPassword && password !== confirmPassword) {
    form.setErrors((current) => ({ ...current, confirmPassword: current.confirmPassword ?? PASSWORDS_DO_NOT_MATCH }));
  }
  return data;
}

/**
 * A refusal of the server on a form: the error toast with the server's message, and
 * under the fields it concerns their own messages (a 400's `errors`), or the message itself when
 * `byMessage` ties it to a field (e.g. 'Current password is incorrect' → currentPassword).
 */
export function showRefusal<Field extends string, Out>(
  form: SchemaForm<Field, Out>,
  error: unknown,
  byMessage: Readonly<Record<string, string>> = {},
): void {
  const message = errorMessage(error);
  toast.error(message);
  if (!(error instanceof ApiError)) return;
  const fields: Partial<Record<Field, string>> = {};
  for (const [name, text] of Object.entries(error.fieldErrors)) if (name in form.values) fields[name as Field] = text;
  // Matched on the English text: the message itself may be in Nepali.
  const field = error.sourceMessage ? byMessage[error.sourceMessage] : undefined;
  if (field !== undefined && field in form.values) fields[field as Field] ??= message;
  if (Object.keys(fields).length > 0) form.setErrors(fields);
}
