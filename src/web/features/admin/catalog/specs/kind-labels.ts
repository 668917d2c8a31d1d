import type { SpecFieldKind } from '../../../../../shared/specs';
import type { MessageId } from '../../../../lib/i18n';

/** Each specification kind's name (ids written out: the catalogue keeps only the ids the code names). */
export const SPEC_KIND_LABELS = {
  text: 'admin-catalog.specFields.kind.text',
  number: 'admin-catalog.specFields.kind.number',
  choice: 'admin-catalog.specFields.kind.choice',
} as const satisfies Record<SpecFieldKind, MessageId>;

export const isSpecKind = (value: string): value is SpecFieldKind => Object.hasOwn(SPEC_KIND_LABELS, value);
