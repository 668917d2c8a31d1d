import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** A write the form sends: what it takes, and whether one is under way. */
interface Write<Input> {
  mutateAsync: (input: Input) => Promise<unknown>;
  isPending: boolean;
}

/**
 * The state of an admin form that makes a new thing or edits one (sent whole with PUT): the draft
 * as typed, which one is being edited, and the server's field messages under their fields; a
 * refusal that names no field is the form's own message (`form`). Texts come in the caller's
 * language.
 */
export function useEditForm<Item extends { id: number }, Draft, Body>({
  empty,
  draftOf,
  bodyOf,
  writes,
  texts,
  fieldOf = (key) => key,
}: {
  empty: () => Draft;
  draftOf: (item: Item) => Draft;
  /** What is sent for the draft, for a new one (`editing` null) or the one being edited. */
  bodyOf: (draft: Draft, editing: Item | null) => Body;
  writes: { create: Write<Body>; update: Write<{ id: number; body: Body }> };
  texts: { created: string; saved: string; saveFailed: string };
  /** Which field a server message's key is shown under. */
  fieldOf?: (key: string) => string;
}) {
  const [draft, setDraft] = useState<Draft>(empty);
  const [editing, setEditing] = useState<Item | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((old) => ({ ...old, [key]: value }));
  const edit = (item: Item) => {
    setEditing(item);
    setDraft(draftOf(item));
    setErrors({});
  };
  const reset = () => {
    setEditing(null);
    setDraft(empty());
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      if (editing) {
        await writes.update.mutateAsync({ id: editing.id, body: bodyOf(draft, editing) });
        toast.success(texts.saved);
      } else {
        await writes.create.mutateAsync(bodyOf(draft, null));
        toast.success(texts.created);
      }
      reset();
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, message]) => [fieldOf(key), message]));
      setErrors(Object.keys(fields).length > 0 ? fields : { form: error.serverMessage ?? texts.saveFailed });
    }
  };

  const saving = writes.create.isPending || writes.update.isPending;
  return { draft, setDraft, set, editing, edit, reset, errors, submit, saving };
}
