import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { SkeletonGroup } from '@/components/ui/Skeleton';
import { Button } from '@/components/ui/Button';
import { $profileSearch, $publicProfiles, SEARCH_DEBOUNCE_MS, refetchPublicProfiles } from './profile-client';
import { SEARCH_MAX } from './profile-rules';
import { PublicProfileCard } from './PublicProfileCard';
import { publicProfileHref } from '@/features/accounts/account-names';
import { PublicProfileView } from './PublicProfileView';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Reads ?search= from the address bar. */
function searchFromUrl(): string {
  return (new URLSearchParams(window.location.search).get('search') ?? '').slice(0, SEARCH_MAX);
}

const ACCOUNT_ID = /^0\.0\.\d{1,12}$/;

/** The holder whose profile the address bar opens (?account=0.0.N), if any. */
function accountFromUrl(): string | null {
  const account = new URLSearchParams(window.location.search).get('account');
  return account && ACCOUNT_ID.test(account) ? account : null;
}

/** The history entry the page adds when a card opens a profile (Back returns to the directory). */
interface OpenedProfileState {
  wildTigersProfile: string;
}

function openedHere(state: unknown, accountId: string): boolean {
  return !!state && typeof state === 'object' && (state as Partial<OpenedProfileState>).wildTigersProfile === accountId;
}

/** Writes ?search= to the address bar without a reload (removed when empty). */
function writeSearchToUrl(search: string): void {
  const url = new URL(window.location.href);
  if (search) url.searchParams.set('search', search);
  else url.searchParams.delete('search');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

function Results({ onOpen }: { onOpen: (accountId: string) => void }) {
  const { data, loading, error } = useStore($publicProfiles);
  const search = useStore($profileSearch);
  if (!data && (loading || !error)) {
    return <SkeletonGroup count={8} className={GRID} itemClassName="aspect-[3/4] rounded-xl" />;
  }
  if (!data) {
    return (
      <div className="grid justify-items-start gap-3" role="alert">
        <p className="text-red-300">Failed to fetch public profiles</p>
        <Button variant="outline" size="sm" onClick={refetchPublicProfiles}>
          Try again
        </Button>
      </div>
    );
  }
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
              <PublicProfileCard profile={profile} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The public profile directory (/public-profiles): debounced search kept in ?search=, then the
 * cards. A card opens the holder's profile on the same page at ?account=0.0.N (a shareable address
 * with its own history entry, so Back closes it), which is the read that counts a profile view.
 */
export default function PublicProfilesPage() {
  const [input, setInput] = useState('');
  const [ready, setReady] = useState(false);
  const [account, setAccount] = useState<string | null>(null);
  /** The card whose profile is open, to give focus back to when it closes. */
  const opener = useRef<string | null>(null);
  const inputId = useId();

  useEffect(() => {
    const initial = searchFromUrl();
    setInput(initial);
    $profileSearch.set(initial.trim());
    setAccount(accountFromUrl());
    setReady(true);
    const onPop = () => setAccount(accountFromUrl());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (account !== null || !opener.current) return;
    const card = document.querySelector<HTMLAnchorElement>(`a[data-account="${opener.current}"]`);
    opener.current = null;
    card?.focus();
  }, [account]);

  function open(accountId: string): void {
    opener.current = accountId;
    window.history.pushState(
      { ...(window.history.state as object | null), wildTigersProfile: accountId } satisfies OpenedProfileState,
      '',
      publicProfileHref(accountId),
    );
    setAccount(accountId);
  }

  function close(): void {
    if (account && openedHere(window.history.state, account)) {
      window.history.back();
      return;
    }
    // Opened from a shared address: the directory replaces it.
    const url = new URL(window.location.href);
    url.searchParams.delete('account');
    window.history.replaceState(null, '', url);
    setAccount(null);
  }

  // Only while the directory shows: a profile opened before the pause ends keeps its own address.
  useEffect(() => {
    if (!ready || account !== null) return;
    const timer = setTimeout(() => {
      $profileSearch.set(input.trim());
      writeSearchToUrl(input.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, ready, account]);

  return (
    <div className="grid gap-6">
      {ready && account && <PublicProfileView accountId={account} onClose={close} />}
      <div className="grid gap-6" hidden={account !== null}>
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
        {ready ? <Results onOpen={open} /> : <div className="h-96" aria-hidden="true" />}
      </div>
    </div>
  );
}
