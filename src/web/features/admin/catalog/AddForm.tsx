import Plus from 'lucide-react/icons/plus';
import { type FormEvent, type ReactNode, useState } from 'react';
import { validationMessage } from '../../../../shared/validation-ne';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { reasonOf } from './use-categories-panel';

interface NameSchema {
  safeParse(
    value: unknown,
  ): { success: true; data: { name: string } } | { success: false; error: { issues: { message: string }[] } };
}

/** One-field add form: validates with the shared schema (name required, trimmed), toasts the outcome, clears on success. */
export function AddForm({
  label,
  button,
  schema,
  onAdd,
  ok,
  failed,
}: {
  label: string;
  button: string;
  schema: NameSchema;
  onAdd: (name: string) => Promise<void>;
  ok: MessageId;
  failed: MessageId;
}): ReactNode {
  const t = useT();
  const locale = useLocale();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

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
      await onAdd(parsed.data.name);
      toast.success(t(ok));
      setValue('');
      setError(undefined);
    } catch (caught) {
      toast.error(t(failed));
      setError(reasonOf(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label={label}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        error={error}
        maxLength={60}
        autoComplete="off"
        className="flex-1"
      />
      <Button type="submit" variant="primary" loading={pending} className="sm:mt-7">
        {!pending && <Plus className="size-4" aria-hidden="true" />}
        {button}
      </Button>
    </form>
  );
}
