import { useLocale, useT } from '../../../lib/i18n';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { LoadingBlock } from '../../../components/ui/Spinner';
import { TextField, inputClasses } from '../../../components/ui/TextField';
import { PRODUCT_SKU_MAX, PRODUCT_WARRANTY_MAX } from '../../../../shared/catalog';
import { formatPrice } from '../../../lib/format';
import { FieldError, describedBy } from './FieldError';
import { ProductImagesField } from './ProductImagesField';
import { SpecsSection } from './specs/SpecsSection';
import { VariantsSection } from './variants/VariantsSection';
import { type ProductFormProps, type ProductFormState, useProductForm } from './use-product-form';

export { PRODUCT_FORM_TOASTS } from './use-product-form';

/** A select's or a text area's border: red when its field is refused. */
const selectClasses = (error?: string) => `${inputClasses} ${error ? 'border-red-500' : 'border-control'}`;

/**
 * 'Upload New Product' and Edit: name, SKU, description, price, the optional stock, warranty, low-stock
 * alert and limit per order (every column of the products CSV), the dependent category selects,
 * several images with previews, the brand and specifications, and the options with their grid of
 * variants. Mounted fresh each time it opens.
 */
export function ProductFormModal(props: ProductFormProps & { open: boolean }) {
  const t = useT();
  return (
    <Dialog
      layout="panel"
      closeLabel={t('admin-catalog.modal.close')}
      open={props.open}
      onClose={props.onClose}
      title={props.product ? t('admin-catalog.productForm.titleEdit') : t('admin-catalog.productForm.titleUpload')}
      widthClass="max-w-3xl"
    >
      {props.open && <ProductForm {...props} />}
    </Dialog>
  );
}

/** The form's fields and its Cancel and Upload (or Save) buttons; the state is useProductForm's. */
function ProductForm(props: ProductFormProps) {
  const t = useT();
  const form = useProductForm(props);
  const { formId, values } = form;
  return (
    <form id={formId} onSubmit={(event) => void form.submit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          id={`${formId}-name`}
          label={t('admin-catalog.productForm.name')}
          value={values.name}
          onChange={(event) => form.change('name', event.target.value)}
          error={form.errors.name}
          maxLength={200}
          autoComplete="off"
        />
        <TextField
          id={`${formId}-sku`}
          label={t('admin-catalog.productForm.sku')}
          value={values.sku}
          onChange={(event) => form.change('sku', event.target.value)}
          error={form.errors.sku}
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
          value={values.description}
          onChange={(event) => form.change('description', event.target.value)}
          rows={4}
          maxLength={5000}
          aria-invalid={form.errors.description ? true : undefined}
          aria-describedby={describedBy(form, 'description')}
          className={`${selectClasses(form.errors.description)} h-auto py-2`}
        />
        {<FieldError form={form} field="description" />}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${formId}-price`}
          label={t('admin-catalog.productForm.price')}
          inputMode="decimal"
          value={form.variants.active ? (form.variants.lowestPrice ?? '') : values.price}
          onChange={(event) => form.change('price', event.target.value)}
          error={form.errors.price}
          disabled={form.variants.active}
          hint={form.variants.active ? t('admin-catalog.variants.priceFromVariants') : undefined}
          autoComplete="off"
        />
        <TextField
          id={`${formId}-stock`}
          label={t('admin-catalog.productForm.stock')}
          inputMode="numeric"
          value={form.variants.active ? '' : values.stock}
          onChange={(event) => form.change('stock', event.target.value)}
          error={form.errors.stock}
          disabled={form.variants.active}
          hint={t(form.variants.active ? 'admin-catalog.variants.stockFromVariants' : 'admin-catalog.productForm.stockHint')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${formId}-warranty`}
          label={t('admin-catalog.productForm.warranty')}
          value={values.warranty}
          onChange={(event) => form.change('warranty', event.target.value)}
          error={form.errors.warranty}
          hint={t('admin-catalog.productForm.warrantyHint')}
          maxLength={PRODUCT_WARRANTY_MAX}
          autoComplete="off"
        />
        <TextField
          id={`${formId}-warrantyMonths`}
          label={t('admin-catalog.productForm.warrantyMonths')}
          inputMode="numeric"
          value={form.warrantyMonths.value}
          onChange={(event) => form.warrantyMonths.change(event.target.value)}
          error={form.warrantyMonths.error}
          hint={t('admin-catalog.productForm.warrantyMonthsHint')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${formId}-lowStockThreshold`}
          label={t('admin-catalog.productForm.lowStockThreshold')}
          inputMode="numeric"
          value={values.lowStockThreshold}
          onChange={(event) => form.change('lowStockThreshold', event.target.value)}
          error={form.errors.lowStockThreshold}
          hint={t('admin-catalog.productForm.lowStockThresholdHint')}
          autoComplete="off"
        />
        <TextField
          id={`${formId}-maxPerOrder`}
          label={t('admin-catalog.productForm.maxPerOrder')}
          inputMode="numeric"
          value={values.maxPerOrder}
          onChange={(event) => form.change('maxPerOrder', event.target.value)}
          error={form.errors.maxPerOrder}
          hint={t('admin-catalog.productForm.maxPerOrderHint')}
          autoComplete="off"
        />
      </div>
      <CategorySelects form={form} />

      <ProductImagesField form={form} />

      {form.sectionsReady ? (
        <>
          <SpecsSection form={form} />
          <VariantsSection form={form} />
        </>
      ) : form.sectionsFailed ? (
        <p className="border-t border-slate-200 pt-4 text-sm font-medium text-red-600">
          {t('admin-catalog.variants.loadFailed')}
        </p>
      ) : (
        <LoadingBlock label={t('admin-catalog.variants.loading')} className="border-t border-slate-200 py-6" />
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" onClick={form.onClose} disabled={form.pending}>
          {t('admin-catalog.productForm.cancel')}
        </Button>
        <Button type="submit" variant="secondary" loading={form.pending}>
          {form.editing ? t('admin-catalog.productForm.save') : t('admin-catalog.productForm.upload')}
        </Button>
      </div>
      <PriceCheckDialog form={form} />
    </form>
  );
}

/** "Rs. 1,39,999 → Rs. 13,999: is that meant?", asked when the server refuses a price change of more than half. */
function PriceCheckDialog({ form }: { form: ProductFormState }) {
  const t = useT();
  const locale = useLocale();
  const check = form.priceCheck;
  return (
    <Dialog
      open={check !== null}
      onClose={form.cancelPriceCheck}
      closeLabel={t('admin-catalog.modal.close')}
      title={t('admin-catalog.productForm.priceCheck.title')}
      footer={
        <>
          <Button variant="outline" onClick={form.cancelPriceCheck} disabled={form.pending}>
            {t('admin-catalog.productForm.priceCheck.fix')}
          </Button>
          <Button variant="secondary" onClick={form.confirmPrice} loading={form.pending}>
            {t('admin-catalog.productForm.priceCheck.confirm')}
          </Button>
        </>
      }
    >
      {check && (
        <p className="text-sm text-slate-700" data-testid="price-check">
          {check.variantLabel === undefined
            ? t('admin-catalog.productForm.priceCheck.body', {
                before: formatPrice(check.oldPrice, locale),
                after: formatPrice(check.newPrice, locale),
              })
            : t('admin-catalog.productForm.priceCheck.variantBody', {
                variant: check.variantLabel,
                before: formatPrice(check.oldPrice, locale),
                after: formatPrice(check.newPrice, locale),
              })}
        </p>
      )}
    </Dialog>
  );
}

/** Category, then its subcategory, then the subcategory's child category, each shown once the one before is chosen. */
function CategorySelects({ form }: { form: ProductFormState }) {
  const t = useT();
  const { formId, values } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div>
        <label htmlFor={`${formId}-category`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('admin-catalog.productForm.category')}
        </label>
        <select
          id={`${formId}-category`}
          value={values.category}
          onChange={(event) => form.change('category', event.target.value)}
          aria-invalid={form.errors.category ? true : undefined}
          aria-describedby={describedBy(form, 'category')}
          className={selectClasses(form.errors.category)}
        >
          <option value="">{t('admin-catalog.productForm.selectCategory')}</option>
          {form.categories.map((item) => (
            <option key={item.id} value={item.name}>
              {item.name}
            </option>
          ))}
        </select>
        {<FieldError form={form} field="category" />}
      </div>
      {values.category && (
        <div>
          <label htmlFor={`${formId}-subCategory`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.productForm.subCategory')}
          </label>
          <select
            id={`${formId}-subCategory`}
            value={values.subCategory}
            onChange={(event) => form.change('subCategory', event.target.value)}
            aria-describedby={describedBy(form, 'subCategory')}
            className={selectClasses(form.errors.subCategory)}
          >
            <option value="">{t('admin-catalog.productForm.none')}</option>
            {form.subCategories.map((item) => (
              <option key={item.id} value={item.name}>
                {item.name}
              </option>
            ))}
          </select>
          {<FieldError form={form} field="subCategory" />}
        </div>
      )}
      {values.category && values.subCategory && (
        <div>
          <label htmlFor={`${formId}-childCategory`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('admin-catalog.productForm.childCategory')}
          </label>
          <select
            id={`${formId}-childCategory`}
            value={values.childCategory}
            onChange={(event) => form.change('childCategory', event.target.value)}
            aria-describedby={describedBy(form, 'childCategory')}
            className={selectClasses(form.errors.childCategory)}
          >
            <option value="">{t('admin-catalog.productForm.none')}</option>
            {form.childCategories.map((item) => (
              <option key={item.id} value={item.name}>
                {item.name}
              </option>
            ))}
          </select>
          {<FieldError form={form} field="childCategory" />}
        </div>
      )}
    </div>
  );
}
