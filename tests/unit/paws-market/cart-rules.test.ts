import { AccountAllowanceApproveTransaction, NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { describe, expect, it } from 'vitest';
import type { CustomFees } from '@/features/ledger/ledger-reader-port';
import { type CartSale, MAX_NFT_TRANSFERS, groupSplit, packTransfers, transferBalanceChanges } from '@/features/paws-market/cart-rules';
import { MAX_BALANCE_CHANGES, type SaleFeeTerms } from '@/features/paws-market/sale-fees';
import { createMemoryLedgerLog } from '@/sandbox/ledger/ledger-log';
import { createSandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { defaultSandboxNetwork } from '@/sandbox/ledger/sandbox-network';
import { ALICE, BOB, CAROL, COLLECTOR, OPERATOR, PAWS, PAWS_UNIT, TIGERS, frozen, pawsOf, serialsOf, signed } from '../sandbox/sandbox-helpers';

const NONE: CustomFees = { fixed: [], fractional: [], royalty: [] };
const royalty = { numerator: 5n, denominator: 100n, collectorAccountId: COLLECTOR, fallbackFee: null, allCollectorsExempt: false };
const terms = (nft: Partial<CustomFees> = { royalty: [royalty] }, paws: Partial<CustomFees> = {}): SaleFeeTerms => ({
  pawsTokenId: PAWS,
  nftTreasury: '0.0.2',
  pawsTreasury: '0.0.2',
  nft: { ...NONE, ...nft },
  paws: { ...NONE, ...paws },
});
let next = 0;
const sale = (sellerId: string, price: bigint): CartSale => {
  next += 1;
  return { listingId: `listing-${next}`, serial: next, sellerId, price };
};
const sellers = Array.from({ length: 12 }, (_, index) => `0.0.${8000 + index}`);

describe('packing a checkout into atomic transfers', () => {
  it('takes the royalty once from all the PAWS a seller receives in one transfer, and fixed fees once per tiger', () => {
    const parties = { seller: ALICE, buyer: BOB };
    expect(groupSplit([333n, 333n, 334n], parties, terms())).toMatchObject({ buyerPays: 1_000n, sellerReceives: 950n });
    const fixed = { amount: 2n, denominatingTokenId: PAWS, collectorAccountId: COLLECTOR, allCollectorsExempt: false };
    const split = groupSplit([100n, 100n, 100n], parties, terms({ royalty: [royalty], fixed: [fixed] }));
    expect(split.sellerReceives).toBe(300n - 15n - 6n);
    expect(split.charges.filter((charge) => charge.kind === 'fixed')).toHaveLength(3);
  });

  it('puts several sellers in one transfer while the body and the fee legs stay within the limits', () => {
    const cart = [sale(sellers[0] as string, 10n), sale(sellers[1] as string, 20n), sale(sellers[0] as string, 30n), sale(sellers[2] as string, 5n)];
    const [only, ...rest] = packTransfers(cart, BOB, terms());
    expect(rest).toEqual([]);
    expect(only?.groups.map((group) => [group.sellerId, group.sales.length])).toEqual([
      [sellers[0], 2],
      [sellers[1], 1],
      [sellers[2], 1],
    ]);
    expect(only?.buyerPays).toBe(65n);
  });

  it('splits ten sellers’ tigers where the royalty’s legs would pass 20 balance changes: nine and one', () => {
    const cart = sellers.slice(0, 10).map((seller) => sale(seller, 100n));
    const transfers = packTransfers(cart, BOB, terms());
    expect(transfers.map((transfer) => transfer.groups.length)).toEqual([9, 1]);
    for (const transfer of transfers) expect(transferBalanceChanges(transfer.groups, BOB, PAWS)).toBeLessThanOrEqual(MAX_BALANCE_CHANGES);
    expect(transferBalanceChanges(transfers[0]?.groups ?? [], BOB, PAWS)).toBe(20);
    // Without fees the body's limit of ten fungible amounts (the buyer and nine sellers) splits it the same way.
    expect(packTransfers(cart, BOB, terms(NONE)).map((transfer) => transfer.groups.length)).toEqual([9, 1]);
  });

  it('moves at most ten NFTs per transfer, and pays one seller per transfer when PAWS charges fees of its own', () => {
    const many = Array.from({ length: 13 }, () => sale(sellers[3] as string, 7n));
    const packed = packTransfers(many, BOB, terms());
    expect(packed.map((transfer) => transfer.groups.flatMap((group) => group.sales).length)).toEqual([MAX_NFT_TRANSFERS, 3]);
    expect(packed.reduce((sum, transfer) => sum + transfer.buyerPays, 0n)).toBe(91n);
    const fractional = {
      numerator: 1n,
      denominator: 100n,
      minimum: 0n,
      maximum: null,
      netOfTransfers: true,
      collectorAccountId: COLLECTOR,
      allCollectorsExempt: false,
    };
    const mixed = [sale(sellers[4] as string, 100n), sale(sellers[5] as string, 100n)];
    const withPawsFee = packTransfers(mixed, BOB, terms({ royalty: [royalty] }, { fractional: [fractional] }));
    expect(withPawsFee.map((transfer) => transfer.groups.length)).toEqual([1, 1]);
    expect(withPawsFee.map((transfer) => transfer.buyerPays)).toEqual([101n, 101n]);
  });
});

describe('packed transfers on the sandbox ledger, which assesses fees and limits as consensus nodes do', () => {
  it('settles two sellers’ fifteen tigers in two all-or-nothing transfers that move exactly what the split says', async () => {
    const ledger = createSandboxLedger({ log: createMemoryLedgerLog(), network: defaultSandboxNetwork });
    const state = await ledger.read();
    const aliceSerials = serialsOf(state, ALICE).slice(0, 12);
    const carolSerials = serialsOf(state, CAROL).slice(0, 3);
    const nft = (serial: number) => new NftId(TokenId.fromString(TIGERS), serial);
    for (const [owner, serials, keyName] of [
      [ALICE, aliceSerials, 'alice'],
      [CAROL, carolSerials, 'carol'],
    ] as const) {
      const approve = new AccountAllowanceApproveTransaction();
      for (const serial of serials) approve.approveTokenNftAllowance(nft(serial), owner, OPERATOR);
      expect((await ledger.execute(await signed(frozen(approve, owner), keyName))).status).toBe('SUCCESS');
    }
    const approvePaws = new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, BOB, OPERATOR, 10_000n * PAWS_UNIT);
    expect((await ledger.execute(await signed(frozen(approvePaws, BOB), 'bob'))).status).toBe('SUCCESS');
    const cart = [
      ...aliceSerials.map((serial, index) => ({ listingId: `a${serial}`, serial, sellerId: ALICE, price: 101n * PAWS_UNIT + BigInt(index) })),
      ...carolSerials.map((serial) => ({ listingId: `c${serial}`, serial, sellerId: CAROL, price: 77n * PAWS_UNIT + 1n })),
    ];
    const fees = terms({ royalty: [{ ...royalty, collectorAccountId: defaultSandboxNetwork.feeCollectorAccountId }] });
    const transfers = packTransfers(cart, BOB, {
      ...fees,
      nftTreasury: defaultSandboxNetwork.treasuryAccountId,
      pawsTreasury: defaultSandboxNetwork.treasuryAccountId,
    });
    expect(transfers).toHaveLength(2);
    const before = await ledger.read();
    const [alice, carol, bob] = [ALICE, CAROL, BOB].map((account) => pawsOf(before, account) ?? 0n);
    for (const transfer of transfers) {
      const tx = new TransferTransaction().addApprovedTokenTransfer(PAWS, BOB, -transfer.buyerPays);
      for (const group of transfer.groups) {
        for (const item of group.sales) tx.addApprovedNftTransfer(nft(item.serial), group.sellerId, BOB);
        tx.addTokenTransfer(
          PAWS,
          group.sellerId,
          group.sales.reduce((sum, item) => sum + item.price, 0n),
        );
      }
      expect((await ledger.execute(await signed(frozen(tx, OPERATOR), 'operator'))).status).toBe('SUCCESS');
    }
    const after = await ledger.read();
    const received = (seller: string) =>
      transfers
        .flatMap((transfer) => transfer.groups)
        .filter((group) => group.sellerId === seller)
        .reduce((sum, group) => sum + group.split.sellerReceives, 0n);
    expect(pawsOf(after, ALICE)).toBe((alice ?? 0n) + received(ALICE));
    expect(pawsOf(after, CAROL)).toBe((carol ?? 0n) + received(CAROL));
    expect(pawsOf(after, BOB)).toBe((bob ?? 0n) - cart.reduce((sum, item) => sum + item.price, 0n));
    expect(serialsOf(after, BOB)).toEqual(expect.arrayContaining([...aliceSerials, ...carolSerials]));
  });
});
