import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxSeed } from '../../src/sandbox/ledger/seed';
import { sandboxSuite } from '../support/api-suite';
import { LAG_STEP_MS } from '../support/lag-flows';
import { approvePawsSpend, checkoutCart, injectFault, listForPaws } from '../support/paws-trades';
import { ALICE, BOB, CAROL, MARKETPLACE, PAWS_TOKEN, call, mirrorGet, nftOnLedger, ownedSerials, pawsBalance, royaltyOn } from '../support/sandbox-client';

const PAWS = 1_000_000n;
const seed = sandboxSeed();
/** Generated holders of the seed: ten buyers with PAWS to spare, and sellers holding a few tigers each. */
const holders = seed.accounts.filter((account) => account.keyName?.startsWith('holder:'));
const BUYERS = holders
  .filter((account) => (account.paws ?? 0n) >= 2_000n * PAWS)
  .slice(0, 10)
  .map((account) => account.accountId);
const owned = (accountId: string) => seed.nftOwners.flatMap((owner, index) => (owner === accountId ? [index + 1] : []));
const SELLERS = holders
  .filter((account) => account.paws !== null && !BUYERS.includes(account.accountId) && owned(account.accountId).length >= 1)
  .slice(0, 6)
  .map((account) => account.accountId);

const suite = sandboxSuite({ holders: [ALICE, BOB, CAROL, ...BUYERS, ...SELLERS] });
let aliceSerials: number[] = [];

beforeAll(async () => {
  aliceSerials = await ownedSerials(suite.origin, ALICE);
});

/** The ledger's status of a transaction, from the sandbox mirror node. */
async function ledgerResult(transactionId: string): Promise<{ result: string; nfts: number }> {
  const [payer, start] = transactionId.split('@') as [string, string];
  const answer = await mirrorGet<{ transactions: { result: string; nft_transfers: unknown[] }[] }>(
    suite.origin,
    `/api/v1/transactions/${payer}-${start.replace('.', '-')}`,
  );
  const found = answer.json.transactions[0];
  return { result: found?.result ?? 'NOT_FOUND', nfts: found?.nft_transfers.length ?? 0 };
}

describe('the PAWS cart', () => {
  it('asks once for the allowance of the whole cart, then settles two sellers’ tigers atomically and answers the same when asked again', async () => {
    const carolSerials = await ownedSerials(suite.origin, CAROL);
    const listings = [
      await listForPaws(suite.holder(ALICE), aliceSerials[0] as number, '40'),
      await listForPaws(suite.holder(ALICE), aliceSerials[1] as number, '60'),
      await listForPaws(suite.holder(CAROL), carolSerials[0] as number, '25'),
    ];
    const ids = listings.map((listing) => listing.id);
    const [bobBefore, aliceBefore, carolBefore] = await Promise.all([BOB, ALICE, CAROL].map((account) => pawsBalance(suite.origin, account)));
    const short = await checkoutCart(suite.holder(BOB), ids);
    expect(short).toMatchObject({ status: 400, json: { code: 'PAWS_ALLOWANCE_LOW', tokenId: PAWS_TOKEN, spenderAccountId: MARKETPLACE } });
    expect(Number(short.json.amount)).toBeGreaterThanOrEqual(125);
    const approval = await approvePawsSpend(suite.holder(BOB), String(short.json.amount));
    const done = await checkoutCart(suite.holder(BOB), ids, approval);
    expect(done.status).toBe(200);
    expect(done.json.bought.map((line) => line.listingId).sort()).toEqual([...ids].sort());
    expect(done.json.transfers).toHaveLength(1);
    expect(done.json.transfers[0]).toMatchObject({ status: 'SUCCESS' });
    expect(await pawsBalance(suite.origin, BOB)).toBe((bobBefore as bigint) - 125n * PAWS);
    expect(await pawsBalance(suite.origin, ALICE)).toBe((aliceBefore as bigint) + 100n * PAWS - royaltyOn(100n * PAWS));
    expect(await pawsBalance(suite.origin, CAROL)).toBe((carolBefore as bigint) + 25n * PAWS - royaltyOn(25n * PAWS));
    for (const serial of [aliceSerials[0], aliceSerials[1], carolSerials[0]]) expect((await nftOnLedger(suite.origin, serial as number)).owner).toBe(BOB);
    const again = await checkoutCart(suite.holder(BOB), ids);
    expect(again.json.bought.map((line) => line.transactionId)).toEqual(done.json.bought.map((line) => line.transactionId));
    expect(again.json.transfers).toEqual([]);
    expect(await pawsBalance(suite.origin, BOB)).toBe((bobBefore as bigint) - 125n * PAWS);
  });

  it('drops a tiger that was unlisted after it went into the cart, names it, and still settles the others', async () => {
    const [gone, kept] = [
      await listForPaws(suite.holder(ALICE), aliceSerials[2] as number, '10'),
      await listForPaws(suite.holder(ALICE), aliceSerials[3] as number, '11'),
    ];
    expect((await call(suite.origin, 'DELETE', `/api/paws/listings/${gone.id}`, { cookie: suite.holder(ALICE).cookie })).status).toBe(200);
    await approvePawsSpend(suite.holder(BOB), '11');
    const bobBefore = await pawsBalance(suite.origin, BOB);
    const answer = await checkoutCart(suite.holder(BOB), [gone.id, kept.id]);
    expect(answer.status).toBe(200);
    expect(answer.json.dropped).toEqual([expect.objectContaining({ listingId: gone.id, reason: 'sold' })]);
    expect(answer.json.bought.map((line) => line.listingId)).toEqual([kept.id]);
    expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - 11n * PAWS);
    expect((await nftOnLedger(suite.origin, aliceSerials[2] as number)).owner).toBe(ALICE);
  });

  it('settles nothing beyond the allowance: of two carts the allowance covers one at a time, the ledger refuses the second and it moves nothing', async () => {
    const first = [
      await listForPaws(suite.holder(ALICE), aliceSerials[4] as number, '30'),
      await listForPaws(suite.holder(ALICE), aliceSerials[5] as number, '30'),
    ];
    const second = [await listForPaws(suite.holder(ALICE), aliceSerials[6] as number, '30')];
    // 60 PAWS: either cart alone, not both.
    await approvePawsSpend(suite.holder(CAROL), '60');
    const carolBefore = await pawsBalance(suite.origin, CAROL);
    const [one, two] = await Promise.all([
      checkoutCart(
        suite.holder(CAROL),
        first.map((l) => l.id),
      ),
      checkoutCart(
        suite.holder(CAROL),
        second.map((l) => l.id),
      ),
    ]);
    const answers = [one, two].map((answer) => answer.json);
    const bought = answers.flatMap((answer) => answer.bought ?? []);
    const spent = carolBefore - (await pawsBalance(suite.origin, CAROL));
    // Whichever reached consensus first settled; the other was refused at consensus (or found short beforehand) and took nothing.
    expect(spent).toBe(BigInt(bought.length) * 30n * PAWS);
    expect(spent).toBeLessThanOrEqual(60n * PAWS);
    expect(bought.length).toBeGreaterThan(0);
    const refused = answers.flatMap((answer) => answer.failed ?? []);
    // Spent to the last unit, the allowance is gone: the node answers SPENDER_DOES_NOT_HAVE_ALLOWANCE (AMOUNT_EXCEEDS_ALLOWANCE while some is left).
    for (const entry of refused) expect(['SPENDER_DOES_NOT_HAVE_ALLOWANCE', 'AMOUNT_EXCEEDS_ALLOWANCE']).toContain(entry.status);
    const page = await call<{ listings: { id: string }[] }>(suite.origin, 'GET', '/api/paws/listings?limit=100');
    const live = new Set(page.json.listings.map((listing) => listing.id));
    for (const listing of [...first, ...second]) expect(live.has(listing.id)).toBe(!bought.some((line) => line.listingId === listing.id));
  });

  it(
    'keeps a checkout whose receipts never come as pending, charges nothing twice, and answers it bought once the ledger shows it',
    async () => {
      const listings = [
        await listForPaws(suite.holder(ALICE), aliceSerials[7] as number, '12'),
        await listForPaws(suite.holder(ALICE), aliceSerials[17] as number, '13'),
      ];
      await approvePawsSpend(suite.holder(BOB), '25');
      const bobBefore = await pawsBalance(suite.origin, BOB);
      await injectFault(suite.origin, { service: 'consensus', match: 'getTransactionReceipts', fault: 'timeout', times: 100 });
      const lost = await checkoutCart(
        suite.holder(BOB),
        listings.map((listing) => listing.id),
      );
      expect((await fetch(`${suite.origin}/sandbox/faults`, { method: 'DELETE' })).status).toBe(204);
      expect(lost.status).toBe(200);
      expect(lost.json.pending.map((line) => line.listingId).sort()).toEqual(listings.map((listing) => listing.id).sort());
      expect(lost.json.transfers).toEqual([expect.objectContaining({ status: 'UNCONFIRMED' })]);
      // Asked again, the claim is settled from the ledger's record of the transfer: bought, and paid once.
      const again = await checkoutCart(
        suite.holder(BOB),
        listings.map((listing) => listing.id),
      );
      expect(again.json.bought.map((line) => line.transactionId)).toEqual([lost.json.transfers[0]?.transactionId, lost.json.transfers[0]?.transactionId]);
      expect(again.json.transfers).toEqual([]);
      expect(await pawsBalance(suite.origin, BOB)).toBe(bobBefore - 25n * PAWS);
    },
    2 * LAG_STEP_MS,
  );

  it('10 buyers sweeping overlapping sets of 15 listings at once: every tiger sold once, every buyer charged exactly for what they received, no transfer past the limits', async () => {
    const listings: { id: string; serial: number; price: bigint; seller: string }[] = [];
    const offered = [
      ...SELLERS.flatMap((seller) =>
        owned(seller)
          .slice(0, 1)
          .map((serial) => ({ seller, serial })),
      ),
      ...aliceSerials.slice(8, 17).map((serial) => ({ seller: ALICE, serial })),
    ];
    for (const [index, { seller, serial }] of offered.slice(0, 15).entries()) {
      const price = BigInt(20 + index);
      const listing = await listForPaws(suite.holder(seller), serial, String(price));
      listings.push({ id: listing.id, serial, price: price * PAWS, seller });
    }
    expect(listings).toHaveLength(15);
    const carts = BUYERS.map((_, buyer) => Array.from({ length: 7 }, (_, k) => listings[(buyer * 4 + k * 2) % 15] as (typeof listings)[number]));
    await Promise.all(
      BUYERS.map((buyer, index) => approvePawsSpend(suite.holder(buyer), String((carts[index] ?? []).reduce((sum, line) => sum + line.price, 0n) / PAWS))),
    );
    const before = new Map(
      await Promise.all([...BUYERS, ...SELLERS, ALICE].map(async (account) => [account, await pawsBalance(suite.origin, account)] as const)),
    );
    const answers = await Promise.all(
      BUYERS.map((buyer, index) =>
        checkoutCart(
          suite.holder(buyer),
          (carts[index] ?? []).map((line) => line.id),
        ),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);

    const winners = new Map<string, string>();
    for (const [index, answer] of answers.entries()) {
      for (const line of answer.json.bought) {
        expect(winners.has(line.listingId)).toBe(false);
        winners.set(line.listingId, BUYERS[index] as string);
      }
      expect(answer.json.pending).toEqual([]);
      expect(answer.json.failed).toEqual([]);
    }
    expect(winners.size).toBe(15);
    for (const listing of listings) expect((await nftOnLedger(suite.origin, listing.serial)).owner).toBe(winners.get(listing.id));
    for (const [index, buyer] of BUYERS.entries()) {
      const paid = listings.filter((listing) => winners.get(listing.id) === buyer).reduce((sum, listing) => sum + listing.price, 0n);
      expect(await pawsBalance(suite.origin, buyer)).toBe((before.get(buyer) as bigint) - paid);
      expect(answers[index]?.json.bought.length).toBe(listings.filter((listing) => winners.get(listing.id) === buyer).length);
    }
    for (const seller of [...SELLERS, ALICE]) {
      // The royalty is taken once per transfer from all a seller receives in it; the prices are whole PAWS, so 5 % of each is exact.
      const received = listings.filter((listing) => listing.seller === seller).reduce((sum, listing) => sum + listing.price - royaltyOn(listing.price), 0n);
      expect(await pawsBalance(suite.origin, seller)).toBe((before.get(seller) as bigint) + received);
    }
    const transfers = answers.flatMap((answer) => answer.json.transfers);
    for (const transfer of transfers) {
      expect(transfer.status).toBe('SUCCESS');
      expect(transfer.serials.length).toBeLessThanOrEqual(10);
      expect(await ledgerResult(transfer.transactionId)).toEqual({ result: 'SUCCESS', nfts: transfer.serials.length });
    }
  }, 120_000);
});
