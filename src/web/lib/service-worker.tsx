import { useT } from './i18n';
import { toast } from './toast';

/**
 * The shop's service worker (/sw.js, written by the build from src/web/service-worker.js): keeps the
 * app's shell and hashed files and shows the offline page when a page cannot be fetched. main.tsx
 * loads this module after the page's `load` event, so a first visit spends nothing on it.
 *
 * After a deploy the browser installs the new worker beside the old one; it waits, and this page
 * offers a reload. Reload asks the waiting worker to take over, and the page reloads once it has
 * (the new version's files then match the server's).
 */
export async function registerServiceWorker(): Promise<void> {
  // A browser that blocks workers (a privacy mode, an automated test) may give no registration.
  const registration = (await navigator.serviceWorker.register('/sw.js')) as ServiceWorkerRegistration | undefined;
  if (!registration) return;
  let offered = false;
  let reloading = false;
  const offer = (worker: ServiceWorker) => {
    // Without a controller this is the first install: nothing older is running, nothing to offer.
    if (!navigator.serviceWorker.controller || offered) return;
    offered = true;
    showUpdatePrompt(worker);
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!offered || reloading) return;
    reloading = true;
    window.location.reload();
  });
  // An installed app stays open for days: look for a new version whenever it comes back to the screen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

function UpdatePrompt({ worker }: { worker: ServiceWorker }) {
  const t = useT();
  return (
    <div className="flex items-center gap-3">
      <p className="m-0 flex-1">{t('common.update.available')}</p>
      <button
        type="button"
        className="rounded-md bg-slate-900 px-3 py-2 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500"
        onClick={() => worker.postMessage({ type: 'skip-waiting' })}
      >
        {t('common.update.reload')}
      </button>
    </div>
  );
}

/** The "new version" toast: stays until the shopper reloads or closes it. */
function showUpdatePrompt(worker: ServiceWorker): void {
  toast.info(<UpdatePrompt worker={worker} />, {
    toastId: 'pasal-update',
    autoClose: false,
    closeOnClick: false,
    draggable: false,
  });
}
