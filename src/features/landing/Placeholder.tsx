/** A pulsing skeleton bar on the landing page. */
export function Placeholder({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block rounded-md bg-stone-700/70 align-middle motion-safe:animate-pulse ${className}`} />;
}
