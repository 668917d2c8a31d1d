import { Button } from '../../../components/ui/Button';

/**
 * The end of an admin form that makes a new thing or edits one: the form's own error (one that
 * names no field), then Create (Save while editing) and, while editing, Cancel. Texts come in the
 * caller's words and language.
 */
export function FormFoot({
  error,
  saving,
  editing,
  submitText,
  cancelText,
  onCancel,
}: {
  error: string | undefined;
  saving: boolean;
  editing: boolean;
  submitText: string;
  cancelText: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving}>
          {submitText}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {cancelText}
          </Button>
        )}
      </div>
    </>
  );
}
