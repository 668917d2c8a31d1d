import BellRing from 'lucide-react/icons/bell-ring';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { ApiError, apiPost } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useLoginPrompt } from '../../lib/login-prompt';
import { getToken } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * "Notify me" on a sold-out product or chosen variant: one mail when it is back in stock. A guest
 * is asked to log in first (and brought back here).
 */
export function NotifyMe({ productId, variantId }: { productId: number; variantId?: number }) {
  const t = useT();
  const promptLogin = useLoginPrompt();
  const [asked, setAsked] = useState<string | undefined>();
  const key = `${productId}:${variantId ?? 0}`;
  const mutation = useMutation({
    mutationFn: () =>
      apiPost(`/api/products/${productId}/notify-me`, variantId === undefined ? {} : { variantId }, { auth: 'user' }),
    onSuccess: () => setAsked(key),
    onError: (error) =>
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('products.notify.failed')),
  });
  if (asked === key) {
    return (
      <p role="status" data-testid="notify-me-done" className="mt-3 text-sm font-medium text-emerald-700">
        {t('products.notify.done')}
      </p>
    );
  }
  return (
    <Button
      variant="outline"
      size="md"
      className="mt-3"
      loading={mutation.isPending}
      onClick={() => {
        if (getToken('user') === null) {
          promptLogin(t('products.notify.loginRequired'), t('cart.toast.loginAction'));
          return;
        }
        mutation.mutate();
      }}
    >
      {!mutation.isPending && <BellRing className="size-4" aria-hidden="true" />}
      {t('products.notify.button')}
    </Button>
  );
}
