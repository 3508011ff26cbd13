import { AccountAllowanceApproveTransaction, NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { describe, expect, it } from 'vitest';
import { createMirrorLedgerReader } from '@/features/ledger/mirror-adapter';
import type { CustomFees } from '@/features/ledger/ledger-reader-port';
import { type SaleFeeTerms, balanceChanges, chargeLabel, collectorsPaid, nftFeesOnHbarSale, saleSplit } from '@/features/paws-market/sale-fees';
import { createTradeTerms } from '@/features/paws-market/trade-terms';
import { createMemoryLedgerLog } from '@/sandbox/ledger/ledger-log';
import { handleMirrorRequest } from '@/sandbox/ledger/mirror-api';
import { type SandboxLedger, createSandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { type SandboxNetwork, defaultSandboxNetwork } from '@/sandbox/ledger/sandbox-network';
import { ALICE, BOB, OPERATOR, PAWS, PAWS_UNIT, TIGERS, frozen, pawsOf, serialsOf, signed } from '../sandbox/sandbox-helpers';

const NONE: CustomFees = { fixed: [], fractional: [], royalty: [] };
const COLLECTOR = '0.0.900';
const royalty = (numerator: bigint, denominator: bigint, collector = COLLECTOR) => ({
  numerator,
  denominator,
  collectorAccountId: collector,
  fallbackFee: null,
  allCollectorsExempt: false,
});
const terms = (nft: Partial<CustomFees> = {}, paws: Partial<CustomFees> = {}): SaleFeeTerms => ({
  pawsTokenId: PAWS,
  nftTreasury: '0.0.1',
  pawsTreasury: '0.0.1',
  nft: { ...NONE, ...nft },
  paws: { ...NONE, ...paws },
});
const parties = { seller: ALICE, buyer: BOB };

describe('what a PAWS sale moves under the tokens’ custom fees', () => {
  it('takes the royalty, floored, out of what the seller receives; the buyer pays the price', () => {
    const split = saleSplit(12_345_678n, parties, terms({ royalty: [royalty(5n, 100n)] }));
    expect(split).toMatchObject({ buyerPays: 12_345_678n, sellerReceives: 12_345_678n - 617_283n });
    expect(split.charges).toEqual([
      { kind: 'royalty', collector: COLLECTOR, tokenId: PAWS, amount: 617_283n, payer: 'seller', share: { numerator: 5n, denominator: 100n } },
    ]);
    expect(chargeLabel(split.charges[0] as (typeof split.charges)[number])).toBe('5\u00a0% creator royalty');
    expect(collectorsPaid(split)).toEqual([{ collector: COLLECTOR, tokenId: PAWS }]);
    expect(balanceChanges(split, parties, PAWS)).toBe(4);
  });

  it('charges nothing when the treasury sells, or the seller collects the royalty itself (HIP-573)', () => {
    expect(saleSplit(100n, { seller: '0.0.1', buyer: BOB }, terms({ royalty: [royalty(5n, 100n)] })).charges).toEqual([]);
    expect(saleSplit(100n, parties, terms({ royalty: [royalty(5n, 100n, ALICE)] })).charges).toEqual([]);
    const exemptCollectors = terms({ royalty: [royalty(5n, 100n), { ...royalty(1n, 100n, ALICE), allCollectorsExempt: true }] });
    expect(saleSplit(100n, parties, exemptCollectors).charges.map((entry) => entry.collector)).toEqual([COLLECTOR]);
  });

  it('takes PAWS’s fractional fee from the seller, or on top from the buyer when net of transfers, within its bounds', () => {
    const fractional = (net: boolean) => ({
      numerator: 1n,
      denominator: 100n,
      minimum: 2n,
      maximum: 50n,
      netOfTransfers: net,
      collectorAccountId: COLLECTOR,
      allCollectorsExempt: false,
    });
    expect(saleSplit(100n, parties, terms({}, { fractional: [fractional(false)] }))).toMatchObject({ buyerPays: 100n, sellerReceives: 98n });
    expect(saleSplit(100_000n, parties, terms({}, { fractional: [fractional(true)] }))).toMatchObject({ buyerPays: 100_050n, sellerReceives: 100_000n });
  });
});

/** A sandbox ledger with `network`'s fees, read through the mirror node as the server reads it. */
function sandbox(network: SandboxNetwork): { ledger: SandboxLedger; terms: ReturnType<typeof createTradeTerms> } {
  const ledger = createSandboxLedger({ log: createMemoryLedgerLog(), network });
  const reader = createMirrorLedgerReader({
    baseUrl: 'http://sandbox.test/sandbox/mirror',
    fetch: async (input) => {
      const url = new URL(input);
      const response = await handleMirrorRequest(ledger, url.pathname.replace(/^\/sandbox\/mirror/, ''), url.searchParams);
      return new Response(response.body, { status: response.status, headers: { 'content-type': response.contentType } });
    },
  });
  return { ledger, terms: createTradeTerms(reader, { nftTokenId: network.nftTokenId, pawsTokenId: network.pawsTokenId }) };
}

describe('the dialogs’ figures against the sandbox ledger that assesses the fees as consensus nodes do', () => {
  const variants: [string, Partial<SandboxNetwork>][] = [
    ['the seed’s 5/100 royalty', {}],
    [
      'the royalty and a 1/100 PAWS fee from the receiver',
      { pawsFractionalFee: { numerator: 1, denominator: 100, minimum: '0', maximum: '0', netOfTransfers: false } },
    ],
    [
      'the royalty and a 2/100 PAWS fee net of transfers (at most 5 PAWS)',
      { pawsFractionalFee: { numerator: 2, denominator: 100, minimum: '1', maximum: '5000000', netOfTransfers: true } },
    ],
  ];
  it.each(variants)('with %s, a sale moves exactly what saleSplit says, to the base unit', async (_name, variant) => {
    const { ledger, terms: reader } = sandbox({ ...defaultSandboxNetwork, ...variant });
    const serial = serialsOf(await ledger.read(), ALICE)[0] as number;
    const price = 333_333_333n;
    const nft = new NftId(TokenId.fromString(TIGERS), serial);
    await ledger.execute(await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft, ALICE, OPERATOR), ALICE), 'alice'));
    await ledger.execute(
      await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, BOB, OPERATOR, 1_000n * PAWS_UNIT), BOB), 'bob'),
    );
    const before = await ledger.read();
    const collector = defaultSandboxNetwork.feeCollectorAccountId;
    const [alice, bob, fees] = [pawsOf(before, ALICE) ?? 0n, pawsOf(before, BOB) ?? 0n, pawsOf(before, collector) ?? 0n];
    const sale = new TransferTransaction()
      .addApprovedNftTransfer(nft, ALICE, BOB)
      .addApprovedTokenTransfer(PAWS, BOB, -price)
      .addTokenTransfer(PAWS, ALICE, price);
    expect((await ledger.execute(await signed(frozen(sale, OPERATOR), 'operator'))).status).toBe('SUCCESS');
    const after = await ledger.read();
    const split = saleSplit(price, parties, (await reader.read()).fees);
    expect(split.charges.length).toBeGreaterThan(0);
    expect(pawsOf(after, ALICE)).toBe(alice + split.sellerReceives);
    expect(pawsOf(after, BOB)).toBe(bob - split.buyerPays);
    expect(pawsOf(after, collector)).toBe(fees + split.charges.reduce((sum, entry) => sum + entry.amount, 0n));
  });
});

describe('the collection’s fees on an HBAR sale', () => {
  const none: CustomFees = { fixed: [], fractional: [], royalty: [] };
  const royalty = { numerator: 5n, denominator: 100n, collectorAccountId: '0.0.900', fallbackFee: null, allCollectorsExempt: false };
  const hbarFee = { amount: 30n, denominatingTokenId: null, collectorAccountId: '0.0.901', allCollectorsExempt: false };
  const pawsFee = { amount: 7n, denominatingTokenId: '0.0.600', collectorAccountId: '0.0.901', allCollectorsExempt: false };
  const terms = { nftTreasury: '0.0.1', nft: { ...none, fixed: [hbarFee, pawsFee], royalty: [royalty] } };

  it('takes each royalty’s share of what the seller received and the fixed fees in HBAR', () => {
    expect(nftFeesOnHbarSale(10_001n, '0.0.5', terms)).toBe(500n + 30n);
  });

  it('takes nothing from the treasury, a collector of the fee, or a seller who received nothing', () => {
    expect(nftFeesOnHbarSale(10_000n, '0.0.1', terms)).toBe(0n);
    expect(nftFeesOnHbarSale(10_000n, '0.0.900', terms)).toBe(30n);
    expect(nftFeesOnHbarSale(0n, '0.0.5', terms)).toBe(0n);
  });
});
