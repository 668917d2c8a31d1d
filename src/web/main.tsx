import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { prefetchCurrentUser } from './lib/user';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The first page's own code (fetched beside this bundle: the HTML preloads it) is awaited, so the
// first render shows the page, not a spinner. A failure to load it shows in the page's error panel.
// The first render is a transition: React renders in slices and yields to the browser between
// them instead of one long task (Total Blocking Time on slow phones); the result is the same.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          {/* Navigations render at once (a spinner while a page's code arrives), not as transitions. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });

prefetchCurrentUser();
void preloadPage(window.location.pathname).then(render, render);
