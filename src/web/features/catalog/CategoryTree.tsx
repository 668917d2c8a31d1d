import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { type ReactNode, useId, useState } from 'react';
import { localName } from '../../../shared/category-names';
import type { Category } from '../../lib/categories';
import { toUrlName } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { displayName } from './filters';

/** Where the list is narrowed to: the URL's category, subcategory and childcategory parameters. */
export interface Place {
  category?: string;
  subcategory?: string;
  childcategory?: string;
}

interface CategoryTreeProps {
  categories: Category[];
  /** The checked category names (the `categories` parameter). */
  checked: string[];
  onToggle: (name: string, on: boolean) => void;
  place: Place;
  /** Undefined: not narrowed to a subcategory any more. */
  onPlace: (place: Place | undefined) => void;
}

/** The comparison of names (case-insensitive, hyphens read as spaces), as the server makes it. */
const same = (a: string | undefined, b: string) =>
  a !== undefined && displayName(a).toLowerCase() === displayName(b).toLowerCase();

/**
 * The drawer's categories: one checkbox per category (any checked one matches), and under a
 * category its subcategories and their child categories, shown on request. Choosing one narrows the
 * list to it with the category, subcategory and childcategory parameters the list's links use;
 * choosing it again goes back up a level.
 */
export function CategoryTree({ categories, checked, onToggle, place, onPlace }: CategoryTreeProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  // The category the list is narrowed to starts open, so its chosen subcategory shows.
  const [open, setOpen] = useState<ReadonlySet<number>>(
    () => new Set(categories.filter((category) => same(place.category, category.name)).map((category) => category.id)),
  );
  const toggleOpen = (categoryId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(categoryId)) next.add(categoryId);
      return next;
    });

  return (
    <ul className="space-y-0.5">
      {categories.map((category) => {
        const subs = category.subCategories ?? [];
        const expanded = open.has(category.id);
        const listId = `${id}-${category.id}`;
        const inCategory = same(place.category, category.name);
        return (
          <li key={category.id}>
            <div className="flex items-center">
              <label className="flex min-h-10 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-slate-700 hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={checked.some((item) => same(item, category.name))}
                  onChange={(event) => onToggle(category.name, event.target.checked)}
                  className="size-4 shrink-0 rounded accent-amber-700"
                />
                {localName(category, locale)}
              </label>
              {subs.length > 0 && (
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={listId}
                  aria-label={t('products.filters.subcategoriesOf', { name: localName(category, locale) })}
                  onClick={() => toggleOpen(category.id)}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                >
                  <ChevronDown
                    className={`size-4 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
                    aria-hidden="true"
                  />
                </button>
              )}
            </div>
            {subs.length > 0 && (
              <ul id={listId} hidden={!expanded} className="mb-1 ml-4 border-l border-slate-200 pl-2">
                {subs.map((sub) => {
                  const inSub = inCategory && same(place.subcategory, sub.name);
                  const subPlace = { category: toUrlName(category.name), subcategory: toUrlName(sub.name) };
                  return (
                    <li key={sub.id}>
                      <PlaceButton
                        pressed={inSub && place.childcategory === undefined}
                        onClick={() => onPlace(inSub && place.childcategory === undefined ? undefined : subPlace)}
                      >
                        {localName(sub, locale)}
                      </PlaceButton>
                      {(sub.childCategories ?? []).length > 0 && (
                        <ul className="ml-3">
                          {(sub.childCategories ?? []).map((child) => {
                            const chosen = inSub && same(place.childcategory, child.name);
                            return (
                              <li key={child.id}>
                                <PlaceButton
                                  pressed={chosen}
                                  small
                                  onClick={() =>
                                    onPlace(chosen ? subPlace : { ...subPlace, childcategory: toUrlName(child.name) })
                                  }
                                >
                                  {localName(child, locale)}
                                </PlaceButton>
                              </li>
                            );
                          })}
                        </ul>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function PlaceButton({
  pressed,
  small = false,
  onClick,
  children,
}: {
  pressed: boolean;
  small?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`flex min-h-9 w-full items-center justify-between gap-2 rounded-md px-2 text-left ${small ? 'text-[13px]' : 'text-sm'} ${pressed ? 'bg-amber-50 font-semibold text-amber-900' : 'text-slate-700 hover:bg-slate-50'}`}
    >
      <span className="min-w-0">{children}</span>
      {pressed && <Check className="size-4 shrink-0" aria-hidden="true" />}
    </button>
  );
}
