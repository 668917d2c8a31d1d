import Plus from 'lucide-react/icons/plus';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import type { MessageId } from '../../../lib/i18n';
import { type NameSchema, useNameForm } from './use-name-form';

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
  const { value, change, error, pending, submit } = useNameForm(schema, onAdd, { ok, failed });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label={label}
        value={value}
        onChange={(event) => change(event.target.value)}
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
