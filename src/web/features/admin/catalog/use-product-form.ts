import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ACCEPTED_IMAGE_TYPES,
  CATALOG_MESSAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  parseImages,
  productFieldsSchema,
  productUploadFormSchema,
} from '../../../../shared/catalog';
import type { Locale } from '../../../../shared/locale';
import { validationMessage } from '../../../../shared/validation-ne';
import { ApiError } from '../../../lib/api';
import { firstErrors } from '../../../lib/forms';
import { type MessageId, useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { type Category, type Product, updateProduct, uploadProduct, useProductDetailForEdit } from './api';
import { useWarrantyMonths } from './use-warranty-months';
import { useSpecEditor } from './specs/use-spec-editor';
import { useVariantEditor } from './variants/use-variant-editor';
import { draftErrors, variantsPayload } from './variants/variant-grid';

/** Upload toasts, and the edit ones (edit is beyond the original panel): message ids. */
export const PRODUCT_FORM_TOASTS = {
  uploaded: 'admin-catalog.productForm.toast.uploaded',
  uploadFailed: 'admin-catalog.productForm.toast.uploadFailed',
  updated: 'admin-catalog.productForm.toast.updated',
  updateFailed: 'admin-catalog.productForm.toast.updateFailed',
} as const satisfies Record<string, MessageId>;

/** The form's typed fields, as typed. */
export type TextField =
  | 'name'
  | 'sku'
  | 'description'
  | 'price'
  | 'category'
  | 'subCategory'
  | 'childCategory'
  | 'stock'
  | 'warranty'
  | 'lowStockThreshold'
  | 'maxPerOrder';
export type Field = TextField | 'images';
/** Messages by field: the form's own, and the API's names of the variants' and specifications' (`variants.2.price`, `specs.RAM`). */
export type Errors = Partial<Record<Field | (string & {}), string>>;
type Values = Record<TextField, string>;

export interface NewImage {
  key: string;
  file: File;
  url: string;
}

export interface ProductFormProps {
  onClose: () => void;
  /** The product being edited; absent: a new upload. */
  product?: Product;
  categories: Category[];
  onSaved: (product: Product) => void;
}

let keySeq = 0;

/** The order the first refused field is looked for in, to focus it (then the variants' and specifications'). */
const FIELD_ORDER = [
  'name',
  'sku',
  'description',
  'price',
  'stock',
  'warranty',
  'warrantyMonths',
  'lowStockThreshold',
  'maxPerOrder',
  'category',
  'images',
];

const isVariantField = (field: string) => field === 'options' || field === 'variants' || /^(options|variants)\./.test(field);

function initialValues(product: Product | undefined): Values {
  return {
    name: product?.name ?? '',
    sku: product?.sku ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    stock: product?.stock === null || product?.stock === undefined ? '' : String(product.stock),
    warranty: product?.warranty ?? '',
    // Empty: the shop's default alert (5) and limit of units per order (MAX_UNITS_PER_ORDER).
    lowStockThreshold: product?.lowStockThreshold === undefined ? '' : String(product.lowStockThreshold),
    maxPerOrder: product?.maxPerOrder === undefined ? '' : String(product.maxPerOrder),
    category: product?.category ?? '',
    subCategory: product?.subCategory ?? '',
    childCategory: product?.childCategory ?? '',
  };
}

/** What is wrong with the form, in the page's language (empty: nothing). */
function findErrors(values: Values, images: { existing: string[]; added: NewImage[] }, editing: boolean, locale: Locale): Errors {
  const { existing, added } = images;
  const fields = {
    ...values,
    subCategory: values.subCategory || undefined,
    childCategory: values.childCategory || undefined,
    stock: values.stock.trim() === '' ? undefined : values.stock,
    lowStockThreshold: values.lowStockThreshold.trim() === '' ? undefined : values.lowStockThreshold,
    maxPerOrder: values.maxPerOrder.trim() === '' ? undefined : values.maxPerOrder,
  };
  const result = editing
    ? productFieldsSchema.safeParse(fields)
    : productUploadFormSchema.safeParse({ ...fields, images: added.map((image) => image.file) });
  const found: Errors = result.success ? {} : firstErrors(result.error.issues);
  if (editing && existing.length + added.length === 0) found.images ??= CATALOG_MESSAGES.imageRequired;
  if (editing && added.length > MAX_IMAGES_PER_UPLOAD) found.images ??= CATALOG_MESSAGES.tooManyImages;
  // The shared schema's messages are English: shown in the page's language.
  for (const field of Object.keys(found) as Field[]) {
    const message = found[field];
    if (message !== undefined) found[field] = validationMessage(message, locale);
  }
  return found;
}

/** What the form sends beside its own fields: the variants' and specifications' JSON texts. */
interface Extra {
  fields: Record<string, string>;
  /** Sold in variants: the product sends no stock of its own (theirs is summed). */
  variants: boolean;
  /** The owner said a price change of more than half is meant. */
  confirmPrice: boolean;
}

/**
 * The request's body: an edit replaces the path, stock, the optional fields and image order as sent
 * (empty: none, or the shop's default); an upload sends what is filled.
 */
function formData(values: Values, images: { existing: string[]; added: NewImage[] }, editing: boolean, extra: Extra): FormData {
  const { name, sku, description, price, category, subCategory, childCategory, stock, maxPerOrder } = values;
  const optional = {
    warranty: values.warranty.trim(),
    lowStockThreshold: values.lowStockThreshold.trim(),
    maxPerOrder: maxPerOrder.trim(),
  };
  const form = new FormData();
  form.set('name', name.trim());
  // Edit: '' removes the SKU; upload: none is sent.
  if (editing || sku.trim()) form.set('sku', sku.trim());
  form.set('description', description.trim());
  form.set('price', price.trim());
  form.set('category', category);
  if (editing) {
    // Edit: the path is replaced as sent ('' = none); an empty stock switches stock tracking off.
    form.set('subCategory', subCategory);
    form.set('childCategory', childCategory);
    if (!extra.variants) form.set('stock', stock.trim());
    for (const [field, value] of Object.entries(optional)) form.set(field, value);
    form.set('imageOrder', JSON.stringify(images.existing));
    if (extra.confirmPrice) form.set('confirmPriceChange', 'true');
  } else {
    if (subCategory) form.set('subCategory', subCategory);
    if (childCategory) form.set('childCategory', childCategory);
    if (stock.trim() && !extra.variants) form.set('stock', stock.trim());
    for (const [field, value] of Object.entries(optional)) if (value) form.set(field, value);
  }
  for (const [field, value] of Object.entries(extra.fields)) form.set(field, value);
  for (const image of images.added) form.append('images', image.file, image.file.name);
  return form;
}

/**
 * The product form's state: the typed fields (a new category empties the subcategory and child
 * category below it), the images kept and added, the errors, and the save.
 */
export function useProductForm({ product, categories, onClose, onSaved }: ProductFormProps) {
  const t = useT();
  const locale = useLocale();
  const formId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(product));
  const [existing, setExisting] = useState<string[]>(() => (product ? parseImages(product.images) : []));
  const [added, setAdded] = useState<NewImage[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  /**
   * The server asked to confirm a price change of more than half: the old and the new price
   * (rupees), the variant's label when it is a variant's, and the field to go back to.
   */
  const [priceCheck, setPriceCheck] = useState<{
    oldPrice: number;
    newPrice: number;
    variantLabel?: string;
    field: string;
  } | null>(null);

  // Previews are object URLs: revoke each one when it is removed or the form goes away.
  const addedRef = useRef(added);
  useEffect(() => {
    addedRef.current = added;
  });
  useEffect(() => () => addedRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const clear = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  // A change to the options or the grid moves the rows' indexes: their messages go with it.
  const clearVariantErrors = () =>
    setErrors((current) =>
      Object.keys(current).some(isVariantField)
        ? Object.fromEntries(Object.entries(current).filter(([field]) => !isVariantField(field)))
        : current,
    );

  // An edit starts from the saved variants and specifications: until they have arrived, the form
  // neither shows nor sends them (nothing is overwritten with an empty list).
  const detail = useProductDetailForEdit(product?.id);
  const saved = detail.data;
  const sectionsReady = product === undefined || saved !== undefined;
  const variants = useVariantEditor(saved, values.price, clearVariantErrors);
  const categoryId = categories.find((item) => item.name === values.category)?.id;
  const specs = useSpecEditor(saved, categoryId, clear);
  const warrantyMonths = useWarrantyMonths(product?.id);
  const change = (field: TextField, value: string) => {
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(field === 'category' ? { subCategory: '', childCategory: '' } : field === 'subCategory' ? { childCategory: '' } : {}),
    }));
    clear(field);
  };

  const subCategories = categories.find((item) => item.name === values.category)?.subCategories ?? [];
  const childCategories = subCategories.find((item) => item.name === values.subCategory)?.childCategories ?? [];

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
    const wrong = refused
      ? `${refused.name}: ${validationMessage(CATALOG_MESSAGES.imageType, locale)}`
      : tooBig
        ? `${tooBig.name}: ${validationMessage(CATALOG_MESSAGES.imageTooLarge, locale)}`
        : null;
    if (wrong) setErrors((current) => ({ ...current, images: wrong }));
    else clear('images');
  };

  const removeAdded = (key: string) =>
    setAdded((current) => {
      const gone = current.find((image) => image.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((image) => image.key !== key);
    });

  const translated = (ids: Record<string, MessageId>): Errors =>
    Object.fromEntries(Object.entries(ids).map(([field, id]) => [field, t(id)]));

  const submit = async (event?: FormEvent, confirmPrice = false) => {
    event?.preventDefault();
    if (pending) return;
    // Still loading them: wait (a failed load saves the rest and leaves them as they are).
    if (!sectionsReady && !detail.isError) return;
    // Sold in variants, the product's own price is their lowest.
    const sent = variants.active ? { ...values, price: variants.lowestPrice ?? values.price } : values;
    const found: Errors = {
      ...findErrors(sent, { existing, added }, Boolean(product), locale),
      ...translated(draftErrors(variants.draft, values.price)),
      ...translated(specs.errors()),
    };
    const monthsError = warrantyMonths.check();
    if (monthsError) found.warrantyMonths = monthsError;
    setErrors(found);
    const first = [...FIELD_ORDER, ...Object.keys(found)].find((field) => field in found);
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setPending(true);
    try {
      setPriceCheck(null);
      // The variants are sent when the product has or had some, so one sold as itself is saved as before.
      const sendVariants = sectionsReady && (variants.draft.options.length > 0 || (saved?.options.length ?? 0) > 0);
      const { options, variants: rows } = variantsPayload(variants.draft, values.price);
      const fields = {
        ...(sendVariants ? { options: JSON.stringify(options), variants: JSON.stringify(rows) } : {}),
        ...(sectionsReady ? specs.formFields() : {}),
      };
      const form = formData(sent, { existing, added }, Boolean(product), {
        fields,
        variants: variants.active,
        confirmPrice,
      });
      const answer = product ? await updateProduct(product.id, form) : await uploadProduct(form);
      await warrantyMonths.save(answer.id);
      toast.success(t(product ? PRODUCT_FORM_TOASTS.updated : PRODUCT_FORM_TOASTS.uploaded));
      onSaved(answer);
      onClose();
    } catch (error) {
      const body =
        error instanceof ApiError
          ? (error.body as { code?: unknown; oldPrice?: unknown; newPrice?: unknown; variantLabel?: unknown })
          : undefined;
      if (
        error instanceof ApiError &&
        body?.code === 'PRICE_CHANGE_UNCONFIRMED' &&
        typeof body.oldPrice === 'number' &&
        typeof body.newPrice === 'number'
      ) {
        // Not a failure: a question for the owner (the confirm dialog), asked before anything is
        // saved. A variant's price names the variant; "Fix the price" goes back to its field.
        const variantLabel = typeof body.variantLabel === 'string' ? body.variantLabel : undefined;
        const field = Object.keys(error.fieldErrors).find((name) => name.endsWith('price')) ?? 'price';
        setPriceCheck({ oldPrice: body.oldPrice, newPrice: body.newPrice, variantLabel, field });
        return;
      }
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

  return {
    formId,
    editing: product !== undefined,
    categories,
    values,
    change,
    errors,
    subCategories,
    childCategories,
    existing,
    setExisting,
    added,
    setAdded,
    addFiles,
    removeAdded,
    /** An edit's saved variants and specifications have arrived (or it is a new product). */
    sectionsReady,
    sectionsFailed: detail.isError,
    variants,
    specs,
    warrantyMonths,
    pending,
    submit,
    priceCheck,
    /** The owner means the price: the same form sent again with the confirmation. */
    confirmPrice: () => void submit(undefined, true),
    cancelPriceCheck: () => {
      const field = priceCheck?.field ?? 'price';
      setPriceCheck(null);
      document.getElementById(`${formId}-${field}`)?.focus();
    },
    onClose,
  };
}

export type ProductFormState = ReturnType<typeof useProductForm>;
