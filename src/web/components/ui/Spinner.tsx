export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A large spinner centred in a block that announces itself as loading (a page or a panel whose code is on its way). */
export function LoadingBlock({ label, className }: { label: string; className: string }) {
  return (
    <div className={`flex justify-center ${className}`} role="status" aria-label={label}>
      <Spinner className="size-8 text-amber-500" />
    </div>
  );
}
