import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { useRef } from 'react';
import { IMAGE_ACCEPT_ATTRIBUTE, MAX_IMAGE_BYTES, MAX_IMAGES_PER_UPLOAD, imageVariant } from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { useLocale, useT } from '../../../lib/i18n';
import { FieldError, describedBy } from './FieldError';
import type { ProductFormState } from './use-product-form';

/** The product's pictures: those kept (an edit) and those added, in order, the first the main one; add, move, remove. */
export function ProductImagesField({ form }: { form: ProductFormState }) {
  const t = useT();
  const locale = useLocale();
  const fileInput = useRef<HTMLInputElement>(null);
  const { existing, setExisting, added, setAdded } = form;
  const imageCount = existing.length + added.length;
  return (
    <fieldset aria-describedby={describedBy(form, 'images')}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('admin-catalog.productForm.images')}</legend>
      <div className="flex flex-wrap gap-3">
        {existing.map((address, index) => (
          <Thumb
            key={address}
            src={imageVariant(address, 320)}
            label={t('admin-catalog.productForm.image', { number: localDigits(String(index + 1), locale) })}
            first={index === 0}
            onLeft={index > 0 ? () => setExisting((list) => swap(list, index, index - 1)) : undefined}
            onRight={index < existing.length - 1 ? () => setExisting((list) => swap(list, index, index + 1)) : undefined}
            onRemove={() => setExisting((list) => list.filter((item) => item !== address))}
          />
        ))}
        {added.map((image, index) => (
          <Thumb
            key={image.key}
            src={image.url}
            label={
              form.editing
                ? t('admin-catalog.productForm.newImage', { number: localDigits(String(index + 1), locale) })
                : t('admin-catalog.productForm.image', { number: localDigits(String(index + 1), locale) })
            }
            first={existing.length === 0 && index === 0}
            isNew={form.editing}
            onLeft={index > 0 ? () => setAdded((list) => swap(list, index, index - 1)) : undefined}
            onRight={index < added.length - 1 ? () => setAdded((list) => swap(list, index, index + 1)) : undefined}
            onRemove={() => form.removeAdded(image.key)}
          />
        ))}
        <button
          type="button"
          id={`${form.formId}-images`}
          onClick={() => fileInput.current?.click()}
          className={`flex size-28 flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed text-xs font-medium transition-colors ${form.errors.images ? 'border-red-400 text-red-600' : 'border-slate-300 text-slate-500 hover:border-amber-500 hover:text-amber-700'}`}
        >
          <ImagePlus className="size-6" aria-hidden="true" />
          {imageCount === 0 ? t('admin-catalog.productForm.chooseImages') : t('admin-catalog.productForm.addImages')}
        </button>
      </div>
      <label className="sr-only" htmlFor={`${form.formId}-file`}>
        {t('admin-catalog.productForm.fileLabel')}
      </label>
      <input
        ref={fileInput}
        id={`${form.formId}-file`}
        type="file"
        accept={IMAGE_ACCEPT_ATTRIBUTE}
        multiple
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          form.addFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <FieldError form={form} field="images" />
      <p className="mt-2 text-xs text-slate-500">
        {t('admin-catalog.productForm.imagesHint', {
          size: localDigits(String(MAX_IMAGE_BYTES / (1024 * 1024)), locale),
          count: localDigits(String(MAX_IMAGES_PER_UPLOAD), locale),
        })}
      </p>
    </fieldset>
  );
}

function swap<T>(list: T[], a: number, b: number): T[] {
  const next = [...list];
  const [itemA, itemB] = [next[a], next[b]];
  if (itemA === undefined || itemB === undefined) return list;
  next[a] = itemB;
  next[b] = itemA;
  return next;
}

function Thumb({
  src,
  label,
  first,
  isNew = false,
  onLeft,
  onRight,
  onRemove,
}: {
  src: string;
  label: string;
  first: boolean;
  isNew?: boolean;
  onLeft?: () => void;
  onRight?: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const small =
    'inline-flex size-7 items-center justify-center rounded-md bg-white/90 text-slate-700 shadow-sm hover:bg-white disabled:opacity-30';
  return (
    <figure className="relative size-28 overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      <img src={src} alt={label} width={112} height={112} className="size-full object-cover" />
      <figcaption className="absolute top-1 left-1 flex gap-1">
        {first && (
          <span className="rounded bg-slate-900/80 px-1.5 py-0.5 text-[10px] font-semibold text-white">
            {t('admin-catalog.productForm.thumb.main')}
          </span>
        )}
        {isNew && (
          <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[10px] font-semibold text-slate-950">
            {t('admin-catalog.productForm.thumb.new')}
          </span>
        )}
      </figcaption>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t('admin-catalog.productForm.thumb.remove', { image: label })}
        className={`${small} absolute top-1 right-1`}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <div className="absolute inset-x-1 bottom-1 flex justify-between">
        <button
          type="button"
          onClick={onLeft}
          disabled={!onLeft}
          aria-label={t('admin-catalog.productForm.thumb.earlier', { image: label })}
          className={small}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onRight}
          disabled={!onRight}
          aria-label={t('admin-catalog.productForm.thumb.later', { image: label })}
          className={small}
        >
          <ArrowRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </figure>
  );
}
