import Star from 'lucide-react/icons/star';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { REVIEW_LIMITS, REVIEW_PHOTOS_MAX, type Review, type ReviewInput, reviewInputSchema } from '../../../../shared/reviews';
import { Button } from '../../../components/ui/Button';
import { TextField, inputClasses } from '../../../components/ui/TextField';
import { showRefusal, useSchemaForm } from '../../../lib/forms';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

type Field = 'rating' | 'title' | 'text';

/** The shared schema over the form's text values: the rating comes as '1'…'5', '' when none is chosen. */
const formSchema = {
  safeParse: (values: unknown) => {
    const { rating, ...rest } = values as Record<Field, string>;
    return reviewInputSchema.safeParse({ ...rest, rating: rating === '' ? undefined : Number(rating) });
  },
};

/**
 * Writing or editing the shopper's review: a rating of 1–5 stars (radio buttons), a title and the
 * text, checked by the same schema as the server; the server's refusals show under their fields.
 */
export function ReviewForm({
  existing,
  onSave,
  onPhotos,
  onDone,
}: {
  existing: Review | null;
  onSave: (input: ReviewInput) => Promise<unknown>;
  /** Replaces the review's photos (after it is saved). */
  onPhotos: (files: File[]) => Promise<unknown>;
  onDone: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const prefix = `${useId()}-`;
  const initial = useMemo(
    () => ({ rating: existing ? String(existing.rating) : '', title: existing?.title ?? '', text: existing?.text ?? '' }),
    [existing],
  );
  const form = useSchemaForm<Field, ReviewInput>(formSchema, initial, { idPrefix: prefix });
  // Chosen photos replace the review's; none chosen keeps the ones it has.
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    if (files.length > REVIEW_PHOTOS_MAX) {
      setPhotoError(t('products.reviews.photosMax'));
      return;
    }
    try {
      await onSave(input);
      if (files.length > 0) await onPhotos(files);
      toast.success(t(existing ? 'products.reviews.updated' : 'products.reviews.posted'));
      onDone();
    } catch (error) {
      showRefusal(form, error);
    }
  };
  const ratingError = form.errors.rating;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <fieldset aria-describedby={ratingError ? `${prefix}rating-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('products.reviews.yourRating')}</legend>
        <div className="flex gap-1" id={`${prefix}rating`} tabIndex={-1}>
          {[1, 2, 3, 4, 5].map((n) => {
            const chosen = Number(form.values.rating) >= n;
            return (
              <label
                key={n}
                className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-600"
              >
                <input
                  type="radio"
                  name={`${prefix}rating`}
                  value={n}
                  checked={form.values.rating === String(n)}
                  onChange={() => form.setValue('rating', String(n))}
                  className="sr-only"
                />
                <Star
                  className={`size-8 ${chosen ? 'text-amber-500' : 'text-slate-400'}`}
                  fill={chosen ? 'currentColor' : 'none'}
                  strokeWidth={1.5}
                  aria-hidden="true"
                />
                <span className="sr-only">{t('products.reviews.stars', { count: n, n: formatCount(n, locale) })}</span>
              </label>
            );
          })}
        </div>
        {ratingError && (
          <p id={`${prefix}rating-error`} className="mt-1 text-sm text-red-600">
            {ratingError}
          </p>
        )}
      </fieldset>
      <TextField label={t('products.reviews.title')} maxLength={REVIEW_LIMITS.titleMax} {...form.field('title')} />
      <div>
        <label htmlFor={`${prefix}text`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('products.reviews.text')}
        </label>
        <textarea
          id={`${prefix}text`}
          name="text"
          value={form.values.text}
          onChange={(event) => form.setValue('text', event.target.value)}
          rows={5}
          maxLength={REVIEW_LIMITS.textMax}
          aria-invalid={form.errors.text ? true : undefined}
          aria-describedby={form.errors.text ? `${prefix}text-error` : `${prefix}text-hint`}
          className={`${inputClasses} h-auto py-2 ${form.errors.text ? 'border-red-500' : 'border-control'}`}
        />
        {form.errors.text ? (
          <p id={`${prefix}text-error`} className="mt-1 text-sm text-red-600">
            {form.errors.text}
          </p>
        ) : (
          <p id={`${prefix}text-hint`} className="mt-1 text-xs text-slate-600">
            {t('products.reviews.textHint')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${prefix}photos`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('products.reviews.photos')}
        </label>
        <input
          id={`${prefix}photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          aria-describedby={`${prefix}photos-hint`}
          onChange={(event) => {
            setFiles([...(event.target.files ?? [])]);
            setPhotoError(null);
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
        <p id={`${prefix}photos-hint`} className={`mt-1 text-xs ${photoError ? 'text-red-600' : 'text-slate-600'}`}>
          {photoError ?? t('products.reviews.photosHint')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{t(existing ? 'products.reviews.saveEdit' : 'products.reviews.submit')}</Button>
        {existing && (
          <Button type="button" variant="outline" onClick={onDone}>
            {t('products.reviews.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
