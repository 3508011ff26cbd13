import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';
import { $profileSearch, $publicProfiles, SEARCH_DEBOUNCE_MS } from './profile-client';
import { SEARCH_MAX } from './profile-rules';
import { PublicProfileCard } from './PublicProfileCard';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Reads ?search= from the address bar. */
function searchFromUrl(): string {
  return (new URLSearchParams(window.location.search).get('search') ?? '').slice(0, SEARCH_MAX);
}

/** Writes ?search= to the address bar without a reload (removed when empty). */
function writeSearchToUrl(search: string): void {
  const url = new URL(window.location.href);
  if (search) url.searchParams.set('search', search);
  else url.searchParams.delete('search');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

function Results() {
  const { data, loading, error } = useStore($publicProfiles);
  const search = useStore($profileSearch);
  if (!data && (loading || !error)) {
    return (
      <div className={GRID} aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="aspect-[3/4] rounded-xl" />
        ))}
      </div>
    );
  }
  if (!data) return <p className="text-red-300">Failed to fetch public profiles</p>;
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {search
          ? `${data.total} ${data.total === 1 ? 'profile matches' : 'profiles match'} “${search}”`
          : `${data.total} public ${data.total === 1 ? 'profile' : 'profiles'}`}
      </p>
      {data.profiles.length === 0 ? (
        <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-border p-12 text-center">
          <h2 className="text-xl font-bold">No Public Profiles Found</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            {search ? 'Try another username or wallet ID.' : 'Holders who make their profile public appear here. Be the first!'}
          </p>
        </div>
      ) : (
        <ul className={GRID}>
          {data.profiles.map((profile) => (
            <li key={profile.id} className="grid">
              <PublicProfileCard profile={profile} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The public profile directory (/public-profiles): debounced search kept in ?search=, then the cards. */
export default function PublicProfilesPage() {
  const [input, setInput] = useState('');
  const [ready, setReady] = useState(false);
  const inputId = useId();

  useEffect(() => {
    const initial = searchFromUrl();
    setInput(initial);
    $profileSearch.set(initial.trim());
    setReady(true);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      $profileSearch.set(input.trim());
      writeSearchToUrl(input.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, ready]);

  return (
    <div className="grid gap-6">
      <search className="relative max-w-xl">
        <label htmlFor={inputId} className="sr-only">
          Search public profiles
        </label>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          type="search"
          value={input}
          maxLength={SEARCH_MAX}
          disabled={!ready}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Search by username or wallet ID..."
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full rounded-lg border border-input bg-card pr-3 pl-9 text-sm placeholder:text-stone-400 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </search>
      {ready ? <Results /> : <div className="h-96" aria-hidden="true" />}
    </div>
  );
}
