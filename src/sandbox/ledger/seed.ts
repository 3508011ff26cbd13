/**
 * The deterministic genesis of the sandbox network: who holds which tiger, how much PAWS and
 * HBAR. Same output on every run (seeded PRNG, no Math.random).
 */
import { randomInt, seededRandom, shuffled, type Random } from './prng';
import { holderKeyName, sandboxKeyNames } from './sandbox-keys';
import { defaultSandboxNetwork, type SandboxNetwork } from './sandbox-network';
import { sandboxRarity } from '@/sandbox/collection/sandbox-rarity';

export interface SeedAccount {
  accountId: string;
  keyName: string;
  /** Display name of fixed and demo accounts; null for generated holders. */
  label: string | null;
  hbarTinybars: bigint;
  /** PAWS in base units, or null when the account is not associated with PAWS. */
  paws: bigint | null;
  nftAssociated: boolean;
}

export interface SandboxSeed {
  accounts: SeedAccount[];
  /** Owner of serial `i + 1` for every minted serial. */
  nftOwners: string[];
  /**
   * Key name of the collection's supply key, which must sign a burn. The mainnet collection has an
   * ED25519 supply key (tests/fixtures/mirror/token-info-nft.json); PAWS has none.
   */
  nftSupplyKeyName: string;
}

const HBAR = 100_000_000n;
const WHALE_SIZES = [260, 190, 150, 120, 100, 85, 70, 60];
const cache = new Map<string, SandboxSeed>();

/** The genesis plan for a network (memoised; treat as read-only). */
export function sandboxSeed(network: SandboxNetwork = defaultSandboxNetwork): SandboxSeed {
  const cacheKey = JSON.stringify(network);
  let seed = cache.get(cacheKey);
  if (!seed) {
    seed = buildSeed(network);
    cache.set(cacheKey, seed);
  }
  return seed;
}

function buildSeed(network: SandboxNetwork): SandboxSeed {
  const random = seededRandom('wild-tigers-sandbox-seed');
  const pawsUnit = 10n ** BigInt(network.pawsDecimals);
  const owners: string[] = Array.from({ length: network.nftMinted }, () => '');
  const [alice, bob, carol, dave] = network.demoAccounts;
  if (!alice || !bob || !carol || !dave) throw new RangeError('The sandbox network needs four demo accounts');

  // Demo holdings: Alice 32 tigers with a top-100 one (every NFT-count achievement: 1, 5, 10, 25),
  // Bob 8 with a top-10 one, Carol 6 common-ish ones, Dave none.
  const byRank = rankedMintedSerials(network);
  const pool = shuffled(random, byRank.slice(200, byRank.length - 200));
  const take = (count: number) => pool.splice(0, count);
  const aliceSerials = [byRank[40] ?? 1, ...take(25)];
  const bobSerials = [byRank[3] ?? 2, ...take(7)];
  const carolSerials = take(3);
  // More for Alice (6) and Carol (3), taken last so that the first holdings stay as they were: the e2e specs sell
  // some of theirs (offers before the PAWS market's listing flows), and Alice must still hold 25 for every
  // NFT-count achievement whatever order they run in.
  aliceSerials.push(...take(6));
  carolSerials.push(...take(3));
  const demoSerials: [string, number[]][] = [
    [alice.accountId, aliceSerials],
    [bob.accountId, bobSerials],
    [carol.accountId, carolSerials],
  ];
  for (const [accountId, serials] of demoSerials) for (const serial of serials) owners[serial - 1] = accountId;

  const accounts: SeedAccount[] = [
    fixed(network.treasuryAccountId, sandboxKeyNames.treasury, 'Treasury', 1_000_000n * HBAR),
    fixed(network.operatorAccountId, sandboxKeyNames.operator, 'PAWS marketplace', 100_000n * HBAR),
    fixed(network.marketAccountId, sandboxKeyNames.market, 'External market', 100_000n * HBAR),
    { ...fixed(network.feeCollectorAccountId, sandboxKeyNames.feeCollector, 'Royalty collector', 10n * HBAR), paws: network.feeCollectorHoldsPaws ? 0n : null },
    ...network.demoAccounts.map((demo, index) => ({
      accountId: demo.accountId,
      keyName: demo.keyName,
      label: demo.displayName,
      hbarTinybars: 10_000n * HBAR,
      paws: BigInt([50_000, 20_000, 5_000, 0][index] ?? 0) * pawsUnit,
      nftAssociated: true,
    })),
    ...generatedHolders(network, random, owners, pawsUnit),
  ];

  const distributed = accounts.reduce((sum, a) => sum + (a.accountId === network.treasuryAccountId ? 0n : (a.paws ?? 0n)), 0n);
  const treasury = accounts.find((a) => a.accountId === network.treasuryAccountId);
  if (treasury) treasury.paws = BigInt(network.pawsSupply) * pawsUnit - distributed;
  return { accounts, nftOwners: owners, nftSupplyKeyName: sandboxKeyNames.supply };
}

function fixed(accountId: string, keyName: string, label: string, hbarTinybars: bigint): SeedAccount {
  return { accountId, keyName, label, hbarTinybars, paws: 0n, nftAssociated: true };
}

/** Minted serials, rarest first. */
function rankedMintedSerials(network: SandboxNetwork): number[] {
  const rarity = sandboxRarity(network).rarityData;
  const serials = Array.from({ length: network.nftMinted }, (_, i) => i + 1);
  return serials.sort((a, b) => (rarity[a]?.rarityRank ?? 0) - (rarity[b]?.rarityRank ?? 0) || a - b);
}

/** Spreads every serial not yet owned over generated holders: a few whales, most with 1-3. */
function generatedHolders(network: SandboxNetwork, random: Random, owners: string[], pawsUnit: bigint): SeedAccount[] {
  const unowned = shuffled(
    random,
    owners.flatMap((owner, i) => (owner ? [] : [i + 1])),
  );
  const holders: SeedAccount[] = [];
  let next = 0;
  while (next < unowned.length) {
    const roll = random();
    const size = WHALE_SIZES[holders.length] ?? (roll < 0.6 ? randomInt(random, 1, 3) : roll < 0.9 ? randomInt(random, 4, 10) : randomInt(random, 11, 25));
    const accountId = `0.0.${network.firstHolderNum + holders.length}`;
    for (const serial of unowned.slice(next, next + size)) owners[serial - 1] = accountId;
    next += size;
    const pawsRoll = random();
    holders.push({
      accountId,
      keyName: holderKeyName(accountId),
      label: null,
      hbarTinybars: BigInt(randomInt(random, 20, 5000)) * HBAR,
      paws: pawsRoll < 0.3 ? BigInt(randomInt(random, 100, 200_000)) * pawsUnit : pawsRoll < 0.4 ? 0n : null,
      nftAssociated: true,
    });
  }
  return holders;
}
