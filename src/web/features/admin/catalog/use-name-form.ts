import { type FormEvent, useState } from 'react';
import { validationMessage } from '../../../../shared/validation-ne';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { reasonOf } from './use-categories-panel';

/** A shared schema whose input is one name (categories, brands): required, trimmed. */
export interface NameSchema {
  safeParse(
    value: unknown,
  ): { success: true; data: { name: string } } | { success: false; error: { issues: { message: string }[] } };
}

/**
 * A one-name form (add, rename): the name is checked with the shared schema and a refusal said
 * under the field in the page's language; a sent one toasts how it went, and a failed one keeps
 * the server's reason under the field. Once saved, `onSaved` runs; without one the field clears.
 */
export function useNameForm(
  schema: NameSchema,
  onSubmit: (name: string) => Promise<void>,
  { initial = '', ok, failed, onSaved }: { initial?: string; ok: MessageId; failed: MessageId; onSaved?: () => void },
) {
  const t = useT();
  const locale = useLocale();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ name: value });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message === undefined ? undefined : validationMessage(message, locale));
      return;
    }
    setPending(true);
    try {
      await onSubmit(parsed.data.name);
      toast.success(t(ok));
      if (onSaved) onSaved();
      else change('');
    } catch (caught) {
      toast.error(t(failed));
      setError(reasonOf(caught));
    } finally {
      setPending(false);
    }
  };

  return { value, change, error, pending, submit };
}
