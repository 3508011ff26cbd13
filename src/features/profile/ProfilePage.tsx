import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { $balances } from '@/features/balances/balance-store';
import { PUBLIC_CONFIG } from '@/lib/public-config';
import { useIslandStore } from '@/lib/use-island-store';
import { $ownedNfts, refreshAfterTrade } from '@/features/paws-market/paws-client';
import { accountStream } from '@/features/market-events/market-event';
import { useStreamEvents } from '@/features/market-events/use-stream-events';
import { $wallet, connectWallet } from '@/features/wallet/wallet-store';
import { AchievementsPanel } from './AchievementsPanel';
import { CollectionPanel } from './CollectionPanel';
import { WatchlistPanel } from '@/features/watchlist/WatchlistPanel';
import { PortfolioAnalyticsPanel } from './PortfolioAnalyticsPanel';
import { LazyPortfolioPnlPanel } from './lazy-pnl-panel';
import { ProfileCard } from './ProfileCard';
import { $ownProfile, $profileRarity, withLatestRarity } from './profile-client';
import { defaultProfile } from './profile-rules';
import { signInState } from '@/features/wallet/sign-in-state';
import { SessionCheck } from '@/features/wallet/SessionCheck';
import { signInFromPage } from '@/features/wallet/sign-in-focus';

function Prompt({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-xl place-items-center gap-4 rounded-xl border border-dashed border-border bg-card/50 p-10 text-center">
      <h2 className="text-2xl font-bold">{title}</h2>
      {children}
    </div>
  );
}

/** The holder's own profile (/wild-tiger-profile): card, analytics, P&L, achievements and collection; needs a signed-in wallet. */
export default function ProfilePage() {
  const wallet = useIslandStore($wallet);
  const walletType = PUBLIC_CONFIG.wallet;
  // The pre-rendered button stays disabled until the island is live, so an early click is never lost.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The holder's own stream: a tiger of theirs sold, bought or moved elsewhere shows in their collection at once.
  useStreamEvents([wallet.isAuthenticated && wallet.accountId ? accountStream(wallet.accountId) : null], () => refreshAfterTrade());

  if (!wallet.isConnected || !wallet.accountId) {
    return (
      <Prompt title="Wallet Connection Required">
        <p className="text-muted-foreground">Connect your Hedera wallet to see your Wild Tigers, edit your profile and track your achievements.</p>
        <Button size="lg" onClick={() => void connectWallet(walletType)} disabled={!hydrated || wallet.isConnecting}>
          {wallet.isConnecting ? 'Connecting…' : 'Connect Wallet'}
        </Button>
      </Prompt>
    );
  }
  if (signInState(wallet) === 'checking') return <SessionCheck />;
  if (!wallet.isAuthenticated) {
    return (
      <Prompt title="Sign in to open your profile">
        <p className="text-muted-foreground">Sign the sign-in message in your wallet to prove this account is yours. It costs nothing.</p>
        <Button size="lg" onClick={() => void signInFromPage()} disabled={wallet.isAuthenticating}>
          {wallet.isAuthenticating ? 'Authenticating…' : 'Authenticate'}
        </Button>
        {wallet.error && (
          <p className="text-sm text-red-300" role="alert">
            {wallet.error}
          </p>
        )}
      </Prompt>
    );
  }
  return <ProfileDashboard accountId={wallet.accountId} />;
}

function ProfileDashboard({ accountId }: { accountId: string }) {
  const profile = useStore($ownProfile);
  const owned = useStore($ownedNfts);
  const rarity = useStore($profileRarity);
  const balances = useStore($balances);
  // Undefined until the holder's tigers are known: the panels show placeholders, not zeros.
  const nfts = useMemo(() => (owned.data ? withLatestRarity(owned.data.nfts, rarity.data) : undefined), [owned.data, rarity.data]);
  const shown = profile.data?.profile;
  const current = shown ?? defaultProfile(accountId);

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(280px,360px)_minmax(0,1fr)]">
      <ProfileCard accountId={accountId} profile={shown} nfts={nfts} loading={profile.loading} />
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <PortfolioAnalyticsPanel nfts={nfts} />
        <Suspense fallback={null}>
          <LazyPortfolioPnlPanel accountId={accountId} />
        </Suspense>
        <AchievementsPanel nfts={nfts} profile={current} pawsBalance={balances.pawsBalance} />
        <CollectionPanel accountId={accountId} nfts={nfts} avatarSerial={current.avatarNftSerial} />
        <WatchlistPanel accountId={accountId} />
      </div>
    </div>
  );
}
