import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductOption, ProductVariant } from '../../../../shared/variants';
import type { KeepScrollState } from '../../../app/ScrollManager';
import { type Picked, firstUnpicked, variantIdFrom, variantOf } from './variant-choice';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true after: the server renders a
 * product's page without its query, so a `?variant=` is applied only once the page is hydrated.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The variant chosen on a product's page. A complete choice lives in the address as
 * `?variant=<id>` (a shared link opens it), written by replacing the history entry (Back leaves
 * the page rather than stepping through the choices) and keeping the scroll position; a choice
 * still missing an option lives in the page. A product with a single variant has it chosen.
 */
export function useVariantChoice(options: readonly ProductOption[], variants: readonly ProductVariant[]) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const [partial, setPartial] = useState<Picked | null>(null);
  const linked = hydrated ? variants.find((variant) => variant.id === variantIdFrom(params.get('variant'))) : undefined;
  const only = variants.length === 1 ? variants[0] : undefined;
  const picked: Picked = partial ?? linked?.options ?? only?.options ?? {};
  const chosen = variantOf(variants, options, picked);

  const choose = (option: string, value: string) => {
    const next = { ...picked, [option]: value };
    setPartial(next);
    const variant = variantOf(variants, options, next);
    const state: KeepScrollState = { keepScroll: true };
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (variant) query.set('variant', String(variant.id));
        else query.delete('variant');
        return query;
      },
      { replace: true, preventScrollReset: true, state },
    );
  };

  return { picked, chosen, missing: chosen ? undefined : firstUnpicked(options, picked), choose };
}

export type VariantChoice = ReturnType<typeof useVariantChoice>;
