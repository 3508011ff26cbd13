/**
 * The portfolio's mirror reads against the sandbox mirror: its account transaction list and a serial's
 * history validate against the official OpenAPI (every object closed), page by `links.next`, and the
 * portfolio's adapter reads them into the legs of an OTC purchase and sale with the royalty the
 * sandbox ledger assessed.
 */
import { Hbar, NftId, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseMirrorJson } from '@/features/ledger/mirror-json';
import { tigerLegs } from '@/features/portfolio/cost-basis-rules';
import { createPortfolioMirrorAdapter } from '@/features/portfolio/portfolio-mirror-adapter';
import { handleMirrorRequest } from '@/sandbox/ledger/mirror-api';
import type { SandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { responseValidator } from '../ledger/openapi';
import { ALICE, BOB, CAROL, COLLECTOR, PAWS, PAWS_UNIT, TIGERS, frozen, net, newLedger, serialsOf, signed } from '../sandbox/sandbox-helpers';

let ledger: SandboxLedger;
let serial = 0;

/** An OTC trade: `seller` sends the tiger, `buyer` pays `paws` whole PAWS; the buyer pays the network fee. */
async function trade(seller: [string, string], buyer: [string, string], paws: bigint): Promise<void> {
  const transfer = new TransferTransaction()
    .addNftTransfer(new NftId(TokenId.fromString(TIGERS), serial), seller[0], buyer[0])
    .addTokenTransfer(PAWS, buyer[0], -paws * PAWS_UNIT)
    .addTokenTransfer(PAWS, seller[0], paws * PAWS_UNIT);
  expect((await ledger.execute(await signed(frozen(transfer, buyer[0]), buyer[1], seller[1]))).status).toBe('SUCCESS');
}

async function mirror(pathAndQuery: string): Promise<{ status: number; body: any }> {
  const url = new URL(pathAndQuery, 'http://sandbox.test');
  const response = await handleMirrorRequest(ledger, url.pathname, url.searchParams);
  return { status: response.status, body: parseMirrorJson(response.body) };
}

const adapter = () =>
  createPortfolioMirrorAdapter({
    baseUrl: 'http://sandbox.test',
    fetch: async (input) => {
      const url = new URL(input);
      const response = await handleMirrorRequest(ledger, url.pathname, url.searchParams);
      return new Response(response.body, { status: response.status, headers: { 'content-type': response.contentType } });
    },
  });

beforeAll(async () => {
  ledger = newLedger();
  serial = serialsOf(await ledger.read(), ALICE)[0] as number;
  await trade([ALICE, 'alice'], [BOB, 'bob'], 40n);
  await trade([BOB, 'bob'], [CAROL, 'carol'], 55n);
});

describe('the sandbox mirror’s transaction history, in the official shapes', () => {
  it('lists an account’s transactions (Transactions) and pages them by links.next', async () => {
    const validate = responseValidator('/api/v1/transactions', 200);
    const first = await mirror(`/api/v1/transactions?account.id=${BOB}&limit=1&order=asc`);
    expect(validate(first.body)).toEqual([]);
    expect(first.body.transactions).toHaveLength(1);
    expect(first.body.transactions[0].assessed_custom_fees).toBeUndefined();
    const second = await mirror(first.body.links.next);
    expect(validate(second.body)).toEqual([]);
    expect(second.body.transactions[0].consensus_timestamp > first.body.transactions[0].consensus_timestamp).toBe(true);
    expect((await mirror(`/api/v1/transactions?account.id=${BOB}&timestamp=x`)).status).toBe(400);
  });

  it('gives a serial’s transfers (NftTransactionHistory), newest first by default', async () => {
    const history = await mirror(`/api/v1/tokens/${TIGERS}/nfts/${serial}/transactions`);
    expect(responseValidator('/api/v1/tokens/{tokenId}/nfts/{serialNumber}/transactions', 200)(history.body)).toEqual([]);
    expect(history.body.transactions.map((t: any) => [t.sender_account_id, t.receiver_account_id])).toEqual([
      [BOB, CAROL],
      [ALICE, BOB],
    ]);
  });
});

describe('the portfolio’s reads of the sandbox mirror', () => {
  it('finds the holder’s tiger transactions and reads them into a purchase and a sale with the royalty the ledger assessed', async () => {
    const reads = adapter();
    const { refs, through, more } = await reads.accountNftTransactions(BOB, TIGERS, null, 5);
    expect(refs).toHaveLength(2);
    expect(more).toBe(false);
    // Read on from where it stopped: nothing newer yet.
    expect(await reads.accountNftTransactions(BOB, TIGERS, through, 5)).toEqual({ refs: [], through, more: false });
    expect((await reads.nftHistory(TIGERS, serial)).map((move) => move.receiver)).toEqual([BOB, CAROL]);
    const context = { nftTokenId: TIGERS, pawsTokenId: PAWS, treasuryAccountId: net.treasuryAccountId };
    const legs = [];
    for (const ref of refs) {
      const detail = await reads.transactionDetail(ref);
      if (detail) legs.push(...tigerLegs(detail, BOB, context));
    }
    expect(legs.map((leg) => [leg.side, leg.kind, leg.price.paws, leg.fees.royalty.paws, leg.counterparty])).toEqual([
      ['buy', 'purchase', 40n * PAWS_UNIT, 0n, ALICE],
      ['sell', 'sale', 55n * PAWS_UNIT, (55n * PAWS_UNIT * 5n) / 100n, CAROL],
    ]);
    const sale = await reads.transactionDetail(refs[1] as (typeof refs)[number]);
    expect(sale?.assessedCustomFees).toEqual([{ amount: 2_750_000n, collector: COLLECTOR, payers: [BOB], tokenId: PAWS }]);
  });
});

describe('a long transaction list, read a few pages at a time', () => {
  it('stops after the pages asked for and says the list goes on; read on from there, it finds the rest', async () => {
    // 100 HBAR payments of Carol's (a page of the list), then a tiger bought from Alice.
    for (let i = 0; i < 100; i += 1) {
      const pay = new TransferTransaction().addHbarTransfer(CAROL, Hbar.fromTinybars(-1)).addHbarTransfer(ALICE, Hbar.fromTinybars(1));
      expect((await ledger.execute(await signed(frozen(pay, CAROL), 'carol'))).status).toBe('SUCCESS');
    }
    serial = serialsOf(await ledger.read(), ALICE)[0] as number;
    await trade([ALICE, 'alice'], [CAROL, 'carol'], 30n);
    const reads = adapter();
    const first = await reads.accountNftTransactions(CAROL, TIGERS, null, 1);
    expect(first.more).toBe(true);
    expect(first.through).not.toBeNull();
    // Carol's list also holds her purchase of the first test: everything before the 100 payments.
    const rest = await reads.accountNftTransactions(CAROL, TIGERS, first.through, 1);
    const all = await reads.accountNftTransactions(CAROL, TIGERS, null, 5);
    expect(all.more).toBe(false);
    expect([...first.refs, ...rest.refs]).toEqual(all.refs);
    expect(rest.refs.at(-1)?.consensusTimestamp).toBe(all.refs.at(-1)?.consensusTimestamp);
  });
});
