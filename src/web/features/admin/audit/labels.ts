import type { AuditAction, AuditEntityType, AuditEntry, AuditValue } from '../../../../shared/audit';
import type { Locale } from '../../../../shared/locale';
import { paymentStatusLabel } from '../../../components/orders/PaymentBadge';
import { formatCount, formatPrice } from '../../../lib/format';
import type { MessageId, Translate } from '../../../lib/i18n';
import { statusLabel } from '../../../components/orders/order-status';
import { SPEC_KIND_LABELS, isSpecKind } from '../catalog/specs/kind-labels';

/** What each kind of write is called in the list (message ids; shared/audit.ts lists the actions). */
const ACTION_LABELS = {
  'category.create': 'admin.activity.action.categoryCreate',
  'category.delete': 'admin.activity.action.categoryDelete',
  'subcategory.create': 'admin.activity.action.subcategoryCreate',
  'subcategory.delete': 'admin.activity.action.subcategoryDelete',
  'childCategory.create': 'admin.activity.action.childCategoryCreate',
  'childCategory.delete': 'admin.activity.action.childCategoryDelete',
  'category.rename': 'admin.activity.action.categoryRename',
  'category.returnDays': 'admin.activity.action.categoryReturnDays',
  'subcategory.rename': 'admin.activity.action.subcategoryRename',
  'childCategory.rename': 'admin.activity.action.childCategoryRename',
  'product.create': 'admin.activity.action.productCreate',
  'product.update': 'admin.activity.action.productUpdate',
  'product.feature': 'admin.activity.action.productFeatured',
  'product.archive': 'admin.activity.action.productArchive',
  'product.restore': 'admin.activity.action.productRestore',
  'product.import': 'admin.activity.action.productImport',
  'product.undo': 'admin.activity.action.productUndo',
  'product.specs': 'admin.activity.action.productSpecs',
  'brand.create': 'admin.activity.action.brandCreate',
  'brand.rename': 'admin.activity.action.brandRename',
  'brand.delete': 'admin.activity.action.brandDelete',
  'specField.create': 'admin.activity.action.specFieldCreate',
  'specField.update': 'admin.activity.action.specFieldUpdate',
  'specField.delete': 'admin.activity.action.specFieldDelete',
  'order.status': 'admin.activity.action.orderStatus',
  'order.refund': 'admin.activity.action.orderRefund',
  'admin.password': 'admin.activity.action.adminPassword',
  'admin.create': 'admin.activity.action.adminCreate',
  'admin.update': 'admin.activity.action.adminUpdate',
  'admin.remove': 'admin.activity.action.adminRemove',
  'admin.totp': 'admin.activity.action.adminTotp',
  'order.reverse': 'admin.activity.action.orderReverse',
  'searchWord.set': 'admin.activity.action.searchWordSet',
  'searchWord.delete': 'admin.activity.action.searchWordDelete',
  'coupon.create': 'admin.activity.action.couponCreate',
  'coupon.update': 'admin.activity.action.couponUpdate',
  'coupon.deactivate': 'admin.activity.action.couponDeactivate',
  'campaign.create': 'admin.activity.action.campaignCreate',
  'campaign.update': 'admin.activity.action.campaignUpdate',
  'campaign.end': 'admin.activity.action.campaignEnd',
  'review.hide': 'admin.activity.action.reviewHide',
  'review.show': 'admin.activity.action.reviewShow',
  'review.reply': 'admin.activity.action.reviewReply',
  'question.answer': 'admin.activity.action.questionAnswer',
  'question.hide': 'admin.activity.action.questionHide',
  'question.show': 'admin.activity.action.questionShow',
  'district.update': 'admin.activity.action.districtUpdate',
  'return.approve': 'admin.activity.action.returnApprove',
  'return.reject': 'admin.activity.action.returnReject',
  'return.receive': 'admin.activity.action.returnReceive',
  'return.settle': 'admin.activity.action.returnSettle',
  'return.refunded': 'admin.activity.action.returnRefunded',
  'courier.create': 'admin.activity.action.courierCreate',
  'courier.update': 'admin.activity.action.courierUpdate',
  'courier.delete': 'admin.activity.action.courierDelete',
  'warranty.step': 'admin.activity.action.warrantyStep',
  'category.serials': 'admin.activity.action.categorySerials',
  'product.warrantyMonths': 'admin.activity.action.productWarrantyMonths',
} as const satisfies Record<AuditAction, MessageId>;

/** The "What" filter's choices. */
export const KIND_LABELS = {
  product: 'admin.activity.kind.product',
  category: 'admin.activity.kind.category',
  subcategory: 'admin.activity.kind.subcategory',
  childCategory: 'admin.activity.kind.childCategory',
  order: 'admin.activity.kind.order',
  admin: 'admin.activity.kind.admin',
  searchWord: 'admin.activity.kind.searchWord',
  brand: 'admin.activity.kind.brand',
  specField: 'admin.activity.kind.specField',
  coupon: 'admin.activity.kind.coupon',
  campaign: 'admin.activity.kind.campaign',
  review: 'admin.activity.kind.review',
  question: 'admin.activity.kind.question',
  district: 'admin.activity.kind.district',
  return: 'admin.activity.kind.return',
  courier: 'admin.activity.kind.courier',
  warranty: 'admin.activity.kind.warranty',
} as const satisfies Record<AuditEntityType, MessageId>;

const FIELD_LABELS: Readonly<Record<string, MessageId>> = {
  name: 'admin.activity.field.name',
  description: 'admin.activity.field.description',
  price: 'admin.activity.field.price',
  category: 'admin.activity.field.category',
  stock: 'admin.activity.field.stock',
  isFeatured: 'admin.activity.field.isFeatured',
  images: 'admin.activity.field.images',
  archived: 'admin.activity.field.archived',
  status: 'admin.activity.field.status',
  paymentStatus: 'admin.activity.field.paymentStatus',
  amount: 'admin.activity.field.amount',
  otherSessionsEnded: 'admin.activity.field.otherSessionsEnded',
  sessionsEnded: 'admin.activity.field.sessionsEnded',
  // An import's counts (product.import).
  rows: 'admin.activity.field.rows',
  created: 'admin.activity.field.created',
  updated: 'admin.activity.field.updated',
  categoriesCreated: 'admin.activity.field.categoriesCreated',
  term: 'admin.activity.field.term',
  // Brands, spec fields and a product's values.
  brand: 'admin.activity.field.brand',
  specs: 'admin.activity.field.specs',
  kind: 'admin.activity.field.kind',
  unit: 'admin.activity.field.unit',
  choices: 'admin.activity.field.choices',
  isFilter: 'admin.activity.field.isFilter',
};

/** "Edited product", "Unfeatured product"…; an action this build does not know shows as it is stored. */
export function actionLabel(entry: AuditEntry, t: Translate): string {
  if (entry.action === 'product.feature' && entry.changes.isFeatured?.[1] === false) {
    return t('admin.activity.action.productUnfeatured');
  }
  const id = (ACTION_LABELS as Record<string, MessageId | undefined>)[entry.action];
  return id ? t(id) : entry.action;
}

export function fieldLabel(field: string, t: Translate): string {
  const id = FIELD_LABELS[field];
  return id ? t(id) : field;
}

const DESCRIPTION_SHOWN = 140;

/** A value before or after a change, as the admin reads it: rupees formatted, flags as Yes/No, statuses named. */
export function formatValue(field: string, value: AuditValue, t: Translate, locale: Locale): string {
  if (value === null) return field === 'stock' ? t('admin.activity.value.notTracked') : t('admin.activity.value.none');
  if (typeof value === 'boolean') return value ? t('admin.activity.value.yes') : t('admin.activity.value.no');
  if ((field === 'price' || field === 'amount') && typeof value === 'number') return formatPrice(value, locale);
  if (typeof value === 'number') return formatCount(value, locale);
  if (field === 'status') return statusLabel(value, t);
  if (field === 'paymentStatus') return paymentStatusLabel(value, t);
  if (field === 'kind' && isSpecKind(value)) return t(SPEC_KIND_LABELS[value]);
  if (field === 'description' && value.length > DESCRIPTION_SHOWN) return `${value.slice(0, DESCRIPTION_SHOWN)}…`;
  return value;
}
