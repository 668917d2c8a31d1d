import { useCallback } from 'react';
import { COMPARE_MAX } from '../../../../shared/compare';
import { toggleCompared, useCompareList } from '../../../lib/compare-list';
import { formatCount } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/**
 * The device's products to compare and a toggle for one of them: a fifth product is not added,
 * and a message says why (the list holds COMPARE_MAX).
 */
export function useCompareToggle(): { ids: readonly number[]; toggle: (id: number) => void } {
  const t = useT();
  const locale = useLocale();
  const ids = useCompareList();
  const toggle = useCallback(
    (id: number) => {
      if (toggleCompared(id) === 'full') toast.info(t('compare.full', { max: formatCount(COMPARE_MAX, locale) }));
    },
    [t, locale],
  );
  return { ids, toggle };
}
