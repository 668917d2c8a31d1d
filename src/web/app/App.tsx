import type { I18n } from '@lingui/core';
import { type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { SandboxRibbon } from '../components/SandboxRibbon';
import { useAfterFirstPaint } from '../lib/first-paint';
import { LocaleProvider } from '../lib/i18n';
import { Providers } from './providers';

/**
 * Marks the page as taken over by React (<html data-ready>) once hydration is committed, or once
 * the browser's own first render has been painted and what follows it is in (lib/first-paint.ts):
 * browser tests wait for it before they tap, since a tap during hydration can be lost.
 */
function MarkReady() {
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) document.documentElement.dataset.ready = '';
  }, [painted]);
  return null;
}

/**
 * The shop around its router (`children`): one tree for the server's render (entry-server.tsx)
 * and the browser's (app/start.tsx), since hydration needs the same shape on both sides (useId too).
 * `i18n` is the page's language with its messages (lib/i18n.tsx).
 */
export function App({ client, i18n, children }: { client?: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <LocaleProvider i18n={i18n}>
        <MarkReady />
        <Providers client={client}>
          <SandboxRibbon />
          {children}
        </Providers>
      </LocaleProvider>
    </StrictMode>
  );
}
