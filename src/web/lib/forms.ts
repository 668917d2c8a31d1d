import { useCallback, useState } from 'react';

interface SafeParseable<Out> {
  safeParse(
    value: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** The first message of each field (SPEC §5 shows one message per field). */
export function firstErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Form state validated with one of the shared zod schemas: validate() on submit fills the errors
 * (and returns the parsed data only when there are none); editing a field clears its error.
 */
export function useSchemaForm<Field extends string, Out>(schema: SafeParseable<Out>, initial: Record<Field, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

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
    if (first) document.getElementById(first)?.focus();
    return undefined;
  }, [schema, values, initial]);

  /** Props for a TextField bound to one field (id = field name so labels and focus line up). */
  const field = (name: Field) => ({
    id: name,
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  return { values, errors, setErrors, setValue, validate, field };
}
