import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';

/**
 * A plain admin list (coupons, campaigns): a heading for each column, then a last column of row
 * actions whose heading only screen readers hear. Texts come in the caller's words and language.
 */
export function ActionsTable({
  headings,
  actionsHeading,
  children,
}: {
  headings: readonly string[];
  actionsHeading: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-3">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">{actionsHeading}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One button of a row's actions: its visible text, and a label naming the row it acts on. */
export interface RowAction {
  text: string;
  label: string;
  onClick: () => void;
}

/**
 * A row's action buttons, small outline ones side by side at the row's end. An action left out
 * (false) is not shown; with none to show, nothing is.
 */
export function RowActions({ actions }: { actions: readonly (RowAction | false)[] }) {
  const shown = actions.filter((action): action is RowAction => action !== false);
  if (shown.length === 0) return null;
  return (
    <div className="flex justify-end gap-2">
      {shown.map((action) => (
        <Button key={action.text} type="button" variant="outline" size="sm" onClick={action.onClick} aria-label={action.label}>
          {action.text}
        </Button>
      ))}
    </div>
  );
}
