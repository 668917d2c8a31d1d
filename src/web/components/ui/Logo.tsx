/** The shopping-bag mark of the favicon. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#f59e0b" />
      <path d="M18 24h28l-3 24H21z" fill="#0f172a" />
      <path d="M25 24a7 7 0 0 1 14 0" fill="none" stroke="#0f172a" strokeWidth="4" />
    </svg>
  );
}
