import { Button, ButtonLink } from '../components/ui/Button';

/** Shown inside the layout when a page fails to load or render (for example a lost connection while loading its code). */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module script failed|fetch/i.test(error.message);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">
        {chunkFailed
          ? 'This page could not be loaded. Please check your connection and try again.'
          : 'Sorry, this page ran into a problem. Please try again.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <ButtonLink to="/" variant="outline" reloadDocument>
          Go home
        </ButtonLink>
      </div>
    </div>
  );
}
