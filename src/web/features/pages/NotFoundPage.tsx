import { ButtonLink } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/hooks';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-amber-600">404</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go home</ButtonLink>
        <ButtonLink to="/products" variant="outline">
          Browse products
        </ButtonLink>
      </div>
    </div>
  );
}
