import { type MouseEvent, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { safeReturnPath, withReturnPath } from './return-path';
import { toast } from './toast';

/** Long enough to reach the action (Alt+T focuses the toasts and pauses them; Tab then reaches the link). */
const PROMPT_MS = 8000;

/**
 * A guest is asked to log in (the 'Please login' toast): the toast carries a link to
 * /login that remembers this page (?next=), so the shopper comes back here after logging in or
 * registering. `message` and `action` are the caller's texts, in the page's language.
 */
export function useLoginPrompt(): (message: string, action: string) => void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (message: string, action: string) => {
      const href = withReturnPath('/login', safeReturnPath(pathname + search + hash));
      toast.error(<LoginPrompt message={message} action={action} href={href} onOpen={() => void navigate(href)} />, {
        toastId: 'login-required',
        autoClose: PROMPT_MS,
      });
    },
    [navigate, pathname, search, hash],
  );
}

/**
 * The toast's text and its link. The toast lives outside the router, so the link is a plain
 * <a href> (it works as one, opened in a new tab too) that a plain click hands to the router.
 */
function LoginPrompt({ message, action, href, onOpen }: { message: string; action: string; href: string; onOpen: () => void }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span>{message}</span>
      <a
        href={href}
        onClick={open}
        className="inline-flex min-h-11 items-center font-semibold text-amber-800 underline underline-offset-2 hover:text-amber-900"
      >
        {action}
      </a>
    </span>
  );
}
