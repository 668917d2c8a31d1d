import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ImagePlus from 'lucide-react/icons/image-plus';
import X from 'lucide-react/icons/x';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ACCEPTED_IMAGE_TYPES,
  CATALOG_MESSAGES,
  IMAGE_ACCEPT_ATTRIBUTE,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  PRODUCT_SKU_MAX,
  imageVariant,
  parseImages,
  productFieldsSchema,
  productUploadFormSchema,
} from '../../../../shared/catalog';
import { localDigits } from '../../../../shared/locale';
import { validationMessage } from '../../../../shared/validation-ne';
import { Button } from '../../../components/ui/Button';
import { TextField, inputClasses } from '../../../components/ui/TextField';
import { ApiError } from '../../../lib/api';
import { firstErrors } from '../../../lib/forms';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { type Category, type Product, updateProduct, uploadProduct } from './api';
import { Dialog } from '../../../components/ui/Dialog';

/** Upload toasts, and the edit ones (edit is beyond the original panel): message ids. */
export const PRODUCT_FORM_TOASTS = {
  uploaded: 'admin-catalog.productForm.toast.uploaded',
  uploadFailed: 'admin-catalog.productForm.toast.uploadFailed',
  updated: 'admin-catalog.productForm.toast.updated',
  updateFailed: 'admin-catalog.productForm.toast.updateFailed',
} as const satisfies Record<string, MessageId>;

type Field =
  'name' | 'sku' | 'description' | 'price' | 'category' | 'subCategory' | 'childCategory' | 'stock' | 'maxPerOrder' | 'images';
type Errors = Partial<Record<Field, string>>;

interface NewImage {
  key: string;
  file: File;
  url: string;
}

interface ProductFormModalProps {
  open: boolean;
  onClose: () => void;
  /** The product being edited; absent: a new upload. */
  product?: Product;
  categories: Category[];
  onSaved: (product: Product) => void;
}

/**
 * 'Upload New Product' and Edit: name, description, price, the dependent category
 * selects, optional stock and several images with previews. Mounted fresh each time it opens.
 */
export function ProductFormModal(props: ProductFormModalProps) {
  const t = useT();
  return (
    <Dialog
      layout="panel"
      closeLabel={t('admin-catalog.modal.close')}
      open={props.open}
      onClose={props.onClose}
      title={props.product ? t('admin-catalog.productForm.titleEdit') : t('admin-catalog.productForm.titleUpload')}
      widthClass="max-w-2xl"
    >
      {props.open && <ProductForm {...props} />}
    </Dialog>
  );
}

let keySeq = 0;

function ProductForm({ product, categories, onClose, onSaved }: ProductFormModalProps) {
  const t = useT();
  const locale = useLocale();
  const formId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(product?.name ?? '');
  const [sku, setSku] = useState(product?.sku ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? String(product.price) : '');
  const [stock, setStock] = useState(product?.stock === null || product?.stock === undefined ? '' : String(product.stock));
  // Empty: the shop's limit of units per order (MAX_UNITS_PER_ORDER).
  const [maxPerOrder, setMaxPerOrder] = useState(product?.maxPerOrder === undefined ? '' : String(product.maxPerOrder));
  const [category, setCategory] = useState(product?.category ?? '');
  const [subCategory, setSubCategory] = useState(product?.subCategory ?? '');
  const [childCategory, setChildCategory] = useState(product?.childCategory ?? '');
  const [existing, setExisting] = useState<string[]>(() => (product ? parseImages(product.images) : []));
  const [added, setAdded] = useState<NewImage[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  // Previews are object URLs: revoke each one when it is removed or the form goes away.
  const addedRef = useRef(added);
  useEffect(() => {
    addedRef.current = added;
  });
  useEffect(() => () => addedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const clear = (field: Field) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const selectedCategory = categories.find((item) => item.name === category);
  const subCategories = selectedCategory?.subCategories ?? [];
  const selectedSub = subCategories.find((item) => item.name === subCategory);
  const childCategories = selectedSub?.childCategories ?? [];

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const chosen = Array.from(files);
    // The browser's idea of the type can be empty (unknown to the OS): the server sniffs the bytes anyway.
    const typeOk = (file: File) => file.type === '' || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
    const refused = chosen.find((file) => !typeOk(file));
    const tooBig = chosen.find((file) => file.size > MAX_IMAGE_BYTES);
    const fresh = chosen
      .filter((file) => typeOk(file) && file.size <= MAX_IMAGE_BYTES)
      .map((file) => ({ key: `img-${++keySeq}`, file, url: URL.createObjectURL(file) }));
    setAdded((current) => [...current, ...fresh]);
    if (refused)
      setErrors((current) => ({
        ...current,
        images: `${refused.name}: ${validationMessage(CATALOG_MESSAGES.imageType, locale)}`,
      }));
    else if (tooBig)
      setErrors((current) => ({
        ...current,
        images: `${tooBig.name}: ${validationMessage(CATALOG_MESSAGES.imageTooLarge, locale)}`,
      }));
    else clear('images');
  };

  const removeAdded = (key: string) =>
    setAdded((current) => {
      const gone = current.find((image) => image.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((image) => image.key !== key);
    });

  const validate = (): boolean => {
    const fields = {
      name,
      description,
      price,
      category,
      subCategory: subCategory || undefined,
      childCategory: childCategory || undefined,
      stock: stock.trim() === '' ? undefined : stock,
      maxPerOrder: maxPerOrder.trim() === '' ? undefined : maxPerOrder,
      sku,
    };
    const result = product
      ? productFieldsSchema.safeParse(fields)
      : productUploadFormSchema.safeParse({ ...fields, images: added.map((image) => image.file) });
    const found: Errors = result.success ? {} : firstErrors(result.error.issues);
    if (product && existing.length + added.length === 0) found.images ??= CATALOG_MESSAGES.imageRequired;
    if (product && added.length > MAX_IMAGES_PER_UPLOAD) found.images ??= CATALOG_MESSAGES.tooManyImages;
    // The shared schema's messages are English: shown in the page's language.
    for (const field of Object.keys(found) as Field[]) {
      const message = found[field];
      if (message !== undefined) found[field] = validationMessage(message, locale);
    }
    setErrors(found);
    const first = (['name', 'sku', 'description', 'price', 'category', 'stock', 'maxPerOrder', 'images'] as const).find(
      (field) => field in found,
    );
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
    return first === undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !validate()) return;
    const form = new FormData();
    form.set('name', name.trim());
    // Edit: '' removes the SKU; upload: none is sent.
    if (product || sku.trim()) form.set('sku', sku.trim());
    form.set('description', description.trim());
    form.set('price', price.trim());
    form.set('category', category);
    if (product) {
      // Edit: the path is replaced as sent ('' = none); an empty stock switches stock tracking off.
      form.set('subCategory', subCategory);
      form.set('childCategory', childCategory);
      form.set('stock', stock.trim());
      form.set('maxPerOrder', maxPerOrder.trim());
      form.set('imageOrder', JSON.stringify(existing));
    } else {
      if (subCategory) form.set('subCategory', subCategory);
      if (childCategory) form.set('childCategory', childCategory);
      if (stock.trim()) form.set('stock', stock.trim());
      if (maxPerOrder.trim()) form.set('maxPerOrder', maxPerOrder.trim());
    }
    for (const image of added) form.append('images', image.file, image.file.name);

    setPending(true);
    try {
      const saved = product ? await updateProduct(product.id, form) : await uploadProduct(form);
      toast.success(t(product ? PRODUCT_FORM_TOASTS.updated : PRODUCT_FORM_TOASTS.uploaded));
      onSaved(saved);
      onClose();
    } catch (error) {
      toast.error(t(product ? PRODUCT_FORM_TOASTS.updateFailed : PRODUCT_FORM_TOASTS.uploadFailed));
      if (error instanceof ApiError) {
        const fields = error.fieldErrors as Errors;
        const known = Object.keys(fields).length > 0;
        setErrors({
          ...fields,
          ...(!known && error.isClientError && error.serverMessage ? { images: error.serverMessage } : {}),
        });
      }
    } finally {
      setPending(false);
    }
  };

  const selectClasses = (error?: string) => `${inputClasses} ${error ? 'border-red-500' : 'border-control'}`;
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${formId}-${field}-error`} className="mt-1 text-sm text-red-600">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: Field) => (errors[field] ? `${formId}-${field}-error` : undefined);
  const imageCount = existing.length + added.length;

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          id={`${formId}-name`}
          label={t('admin-catalog.productForm.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clear('name');
          }}
          error={errors.name}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          id={`${formId}-sku`}
          label={t('admin-catalog.productForm.sku')}
          value={sku}
          onChange={(event) => {
            setSku(event.target.value);
            clear('sku');
          }}
          error={errors.sku}
          maxLength={PRODUCT_SKU_MAX}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div>
        <label htmlFor={`${formId}-description`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('admin-catalog.productForm.description')}
        </label>
        <textarea
          id={`${formId}-description`}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            clear('description');
          }}
          rows={4}
          maxLength={5000}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          className={`${selectClasses(errors.description)} h-auto py-2`}
        />
        {fieldError('description')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${formId}-price`}
          label={t('admin-catalog.productForm.price')}
          inputMode="decimal"
          value={price}
          onChange={(event) => {
            setPrice(event.target.value);
            clear('price');
          }}
          error={errors.price}
          autoComplete="off"
        />
        <TextField
          id={`${formId}-stock`}
          label={t('admin-catalog.productForm.stock')}
          inputMode="numeric"
          value={stock}
          onChange={(event) => {
            setStock(event.target.value);
            clear('stock');
          }}
          error={errors.stock}
          hint={t('admin-catalog.productForm.stockHint')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${formId}-maxPerOrder`}
          label={t('admin-catalog.productForm.maxPerOrder')}
          inputMode="numeric"
          value={maxPerOrder}
          onChange={(event) => {
            setMaxPerOrder(event.target.value);
            clear('maxPerOrder');
          }}
          error={errors.maxPerOrder}
          hint={t('admin-catalog.productForm.maxPerOrderHint')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={`${formId}-category`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.productForm.category')}
          </label>
          <select
            id={`${formId}-category`}
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setSubCategory('');
              setChildCategory('');
              clear('category');
            }}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy('category')}
            className={selectClasses(errors.category)}
          >
            <option value="">{t('admin-catalog.productForm.selectCategory')}</option>
            {categories.map((item) => (
              <option key={item.id} value={item.name}>
                {item.name}
              </option>
            ))}
          </select>
          {fieldError('category')}
        </div>
        {category && (
          <div>
            <label htmlFor={`${formId}-subCategory`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('admin-catalog.productForm.subCategory')}
            </label>
            <select
              id={`${formId}-subCategory`}
              value={subCategory}
              onChange={(event) => {
                setSubCategory(event.target.value);
                setChildCategory('');
                clear('subCategory');
              }}
              aria-describedby={describedBy('subCategory')}
              className={selectClasses(errors.subCategory)}
            >
              <option value="">{t('admin-catalog.productForm.none')}</option>
              {subCategories.map((item) => (
                <option key={item.id} value={item.name}>
                  {item.name}
                </option>
              ))}
            </select>
            {fieldError('subCategory')}
          </div>
        )}
        {category && subCategory && (
          <div>
            <label htmlFor={`${formId}-childCategory`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('admin-catalog.productForm.childCategory')}
            </label>
            <select
              id={`${formId}-childCategory`}
              value={childCategory}
              onChange={(event) => {
                setChildCategory(event.target.value);
                clear('childCategory');
              }}
              aria-describedby={describedBy('childCategory')}
              className={selectClasses(errors.childCategory)}
            >
              <option value="">{t('admin-catalog.productForm.none')}</option>
              {childCategories.map((item) => (
                <option key={item.id} value={item.name}>
                  {item.name}
                </option>
              ))}
            </select>
            {fieldError('childCategory')}
          </div>
        )}
      </div>

      <fieldset aria-describedby={describedBy('images')}>
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
                product
                  ? t('admin-catalog.productForm.newImage', { number: localDigits(String(index + 1), locale) })
                  : t('admin-catalog.productForm.image', { number: localDigits(String(index + 1), locale) })
              }
              first={existing.length === 0 && index === 0}
              isNew={Boolean(product)}
              onLeft={index > 0 ? () => setAdded((list) => swap(list, index, index - 1)) : undefined}
              onRight={index < added.length - 1 ? () => setAdded((list) => swap(list, index, index + 1)) : undefined}
              onRemove={() => removeAdded(image.key)}
            />
          ))}
          <button
            type="button"
            id={`${formId}-images`}
            onClick={() => fileInput.current?.click()}
            className={`flex size-28 flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed text-xs font-medium transition-colors ${errors.images ? 'border-red-400 text-red-600' : 'border-slate-300 text-slate-500 hover:border-amber-500 hover:text-amber-700'}`}
          >
            <ImagePlus className="size-6" aria-hidden="true" />
            {imageCount === 0 ? t('admin-catalog.productForm.chooseImages') : t('admin-catalog.productForm.addImages')}
          </button>
        </div>
        <label className="sr-only" htmlFor={`${formId}-file`}>
          {t('admin-catalog.productForm.fileLabel')}
        </label>
        <input
          ref={fileInput}
          id={`${formId}-file`}
          type="file"
          accept={IMAGE_ACCEPT_ATTRIBUTE}
          multiple
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        {fieldError('images')}
        <p className="mt-2 text-xs text-slate-500">
          {t('admin-catalog.productForm.imagesHint', {
            size: localDigits(String(MAX_IMAGE_BYTES / (1024 * 1024)), locale),
            count: localDigits(String(MAX_IMAGES_PER_UPLOAD), locale),
          })}
        </p>
      </fieldset>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={onClose} disabled={pending}>
          {t('admin-catalog.productForm.cancel')}
        </Button>
        <Button type="submit" variant="secondary" loading={pending}>
          {product ? t('admin-catalog.productForm.save') : t('admin-catalog.productForm.upload')}
        </Button>
      </div>
    </form>
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
