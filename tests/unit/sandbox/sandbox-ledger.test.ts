import {
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  Hbar,
  NftId,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  TokenDissociateTransaction,
  TokenId,
  TransferTransaction,
} from '@hiero-ledger/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLedgerLog, type LedgerLog } from '@/sandbox/ledger/ledger-log';
import type { SandboxLedger } from '@/sandbox/ledger/sandbox-ledger';
import { sandboxSeed } from '@/sandbox/ledger/seed';
import {
  ALICE,
  BOB,
  CAROL,
  COLLECTOR,
  DAVE,
  OPERATOR,
  PAWS,
  PAWS_UNIT,
  TIGERS,
  fingerprint,
  frozen,
  key,
  net,
  newLedger,
  pawsOf,
  serialsOf,
  signed,
} from './sandbox-helpers';

const nft = (serial: number) => new NftId(TokenId.fromString(TIGERS), serial);

function approveNft(owner: string, serial: number, spender = OPERATOR) {
  return frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(serial), owner, spender), owner);
}
function approvePaws(owner: string, amount: bigint, spender = OPERATOR) {
  return frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, owner, spender, amount), owner);
}
/** The PAWS marketplace settlement: operator pays and moves NFT seller->buyer and PAWS buyer->seller as approved transfers. */
function sale(seller: string, buyer: string, serial: number, price: bigint) {
  return frozen(
    new TransferTransaction()
      .addApprovedNftTransfer(nft(serial), seller, buyer)
      .addApprovedTokenTransfer(PAWS, buyer, -price)
      .addTokenTransfer(PAWS, seller, price),
    OPERATOR,
  );
}

let log: LedgerLog;
let ledger: SandboxLedger;
let aliceSerial: number;
beforeEach(async () => {
  log = createMemoryLedgerLog();
  ledger = newLedger(log);
  aliceSerial = serialsOf(await ledger.read(), ALICE)[0] ?? 0;
});

async function expectUnchanged(run: () => Promise<{ status: string }>, status: string): Promise<void> {
  const before = fingerprint(await ledger.read());
  const logBefore = (await log.readAfter(0)).length;
  expect((await run()).status).toBe(status);
  expect(fingerprint(await ledger.read())).toBe(before);
  expect(await log.readAfter(0)).toHaveLength(logBefore);
}

describe('sandbox ledger: PAWS marketplace settlement', () => {
  it("settles an approved NFT-for-PAWS transfer atomically, spends the allowance and pays the collection's royalty out of the seller's PAWS", async () => {
    expect((await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'))).status).toBe('SUCCESS');
    expect((await ledger.execute(await signed(approvePaws(BOB, 1_000n * PAWS_UNIT), 'bob'))).status).toBe('SUCCESS');
    const before = await ledger.read();
    const [alicePaws, bobPaws, collectorPaws] = [pawsOf(before, ALICE) ?? 0n, pawsOf(before, BOB) ?? 0n, pawsOf(before, COLLECTOR) ?? 0n];
    const hbarBefore = [ALICE, BOB, OPERATOR].map((a) => before.state.accounts.get(a)?.hbar);
    expect(before.state.tokens.get(TIGERS)?.nfts[aliceSerial]?.spender).toBe(OPERATOR);

    const result = await ledger.execute(await signed(sale(ALICE, BOB, aliceSerial, 600n * PAWS_UNIT), 'operator'));
    expect(result).toMatchObject({ status: 'SUCCESS', consensusTimestamp: expect.stringMatching(/^\d+\.\d{9}$/) });

    const after = await ledger.read();
    expect(after.state.tokens.get(TIGERS)?.nfts[aliceSerial]).toMatchObject({ owner: BOB, spender: null });
    expect(serialsOf(after, BOB)).toContain(aliceSerial);
    expect(serialsOf(after, ALICE)).not.toContain(aliceSerial);
    // The seed's royalty, 5/100 of what the seller receives (CustomRoyaltyFeeAssessor): 30 of the 600 PAWS.
    expect(pawsOf(after, ALICE)).toBe(alicePaws + 570n * PAWS_UNIT);
    expect(pawsOf(after, COLLECTOR)).toBe(collectorPaws + 30n * PAWS_UNIT);
    expect(pawsOf(after, BOB)).toBe(bobPaws - 600n * PAWS_UNIT);
    expect(after.state.accounts.get(BOB)?.tokenAllowances.get(`${OPERATOR}|${PAWS}`)).toMatchObject({
      amount: 400n * PAWS_UNIT,
      amountGranted: 1_000n * PAWS_UNIT,
    });
    expect([ALICE, BOB, OPERATOR].map((a) => after.state.accounts.get(a)?.hbar)).toEqual(hbarBefore); // no fees
    expect(after.state.accounts.get(BOB)?.tokens.get(TIGERS)?.balance).toBe(BigInt(serialsOf(after, BOB).length));
    expect(after.findTransaction(result.transactionId)).toMatchObject({
      result: 'SUCCESS',
      name: 'CRYPTOTRANSFER',
      assessedCustomFees: [{ amount: 30n * PAWS_UNIT, tokenId: PAWS, collector: COLLECTOR, payers: [ALICE] }],
    });
    expect(await log.readAfter(0)).toHaveLength(3);
  });

  it('rejects a settlement signed by the wrong key with INVALID_SIGNATURE and changes nothing', async () => {
    await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'));
    await ledger.execute(await signed(approvePaws(BOB, 1_000n * PAWS_UNIT), 'bob'));
    const bytes = await signed(sale(ALICE, BOB, aliceSerial, 600n * PAWS_UNIT), 'alice');
    await expectUnchanged(() => ledger.execute(bytes), 'INVALID_SIGNATURE');
  });

  it('rejects an allowance approval not signed by the owner', async () => {
    await expectUnchanged(async () => ledger.execute(await signed(approvePaws(BOB, 5n), 'alice')), 'INVALID_SIGNATURE');
  });

  it('requires the signature of every account debited without an allowance', async () => {
    const gift = frozen(new TransferTransaction().addTokenTransfer(PAWS, ALICE, -5n).addTokenTransfer(PAWS, BOB, 5n), BOB);
    await expectUnchanged(async () => ledger.execute(await signed(gift, 'bob')), 'INVALID_SIGNATURE');
    expect(
      (
        await ledger.execute(
          await signed(frozen(new TransferTransaction().addTokenTransfer(PAWS, ALICE, -5n).addTokenTransfer(PAWS, BOB, 5n), BOB), 'bob', 'alice'),
        )
      ).status,
    ).toBe('SUCCESS');
  });

  it('rejects a settlement without the seller’s NFT allowance (SPENDER_DOES_NOT_HAVE_ALLOWANCE)', async () => {
    await ledger.execute(await signed(approvePaws(BOB, 1_000n * PAWS_UNIT), 'bob'));
    const bytes = await signed(sale(ALICE, BOB, aliceSerial, 600n * PAWS_UNIT), 'operator');
    await expectUnchanged(() => ledger.execute(bytes), 'SPENDER_DOES_NOT_HAVE_ALLOWANCE');
  });

  it('rejects a settlement without the buyer’s PAWS allowance, or above it', async () => {
    await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'));
    const noAllowance = await signed(sale(ALICE, BOB, aliceSerial, 600n * PAWS_UNIT), 'operator');
    await expectUnchanged(() => ledger.execute(noAllowance), 'SPENDER_DOES_NOT_HAVE_ALLOWANCE');
    await ledger.execute(await signed(approvePaws(BOB, 100n * PAWS_UNIT), 'bob'));
    const aboveAllowance = await signed(sale(ALICE, BOB, aliceSerial, 600n * PAWS_UNIT), 'operator');
    await expectUnchanged(() => ledger.execute(aboveAllowance), 'AMOUNT_EXCEEDS_ALLOWANCE');
  });

  it('rejects a buyer short of PAWS with INSUFFICIENT_TOKEN_BALANCE', async () => {
    await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'));
    await ledger.execute(await signed(approvePaws(CAROL, 10_000n * PAWS_UNIT), 'carol'));
    const bytes = await signed(sale(ALICE, CAROL, aliceSerial, 6_000n * PAWS_UNIT), 'operator');
    await expectUnchanged(() => ledger.execute(bytes), 'INSUFFICIENT_TOKEN_BALANCE');
  });

  it('rejects a replayed transaction with DUPLICATE_TRANSACTION', async () => {
    const bytes = await signed(approvePaws(BOB, 10n), 'bob');
    expect((await ledger.execute(bytes)).status).toBe('SUCCESS');
    await expectUnchanged(() => ledger.execute(bytes), 'DUPLICATE_TRANSACTION');
  });

  it('applies all legs or none: a good NFT leg with a bad PAWS leg changes nothing', async () => {
    const mixed = frozen(
      new TransferTransaction().addNftTransfer(nft(aliceSerial), ALICE, BOB).addTokenTransfer(PAWS, DAVE, -1n).addTokenTransfer(PAWS, ALICE, 1n),
      ALICE,
    );
    const bytes = await signed(mixed, 'alice', 'dave');
    await expectUnchanged(() => ledger.execute(bytes), 'INSUFFICIENT_TOKEN_BALANCE');
    expect(serialsOf(await ledger.read(), ALICE)).toContain(aliceSerial);
  });
});

describe('sandbox ledger: transfer rules', () => {
  it('checks zero sums, ownership, minted serials, associations and HBAR balances', async () => {
    const cases: [TransferTransaction, string, string[], string][] = [
      [new TransferTransaction().addTokenTransfer(PAWS, ALICE, -5n).addTokenTransfer(PAWS, BOB, 4n), ALICE, ['alice'], 'TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN'],
      [
        new TransferTransaction().addHbarTransfer(ALICE, Hbar.fromTinybars(-5)).addHbarTransfer(BOB, Hbar.fromTinybars(4)),
        ALICE,
        ['alice'],
        'INVALID_ACCOUNT_AMOUNTS',
      ],
      [
        new TransferTransaction().addHbarTransfer(DAVE, new Hbar(-20_000)).addHbarTransfer(ALICE, new Hbar(20_000)),
        DAVE,
        ['dave'],
        'INSUFFICIENT_ACCOUNT_BALANCE',
      ],
      [new TransferTransaction().addNftTransfer(nft(aliceSerial), BOB, CAROL), BOB, ['bob'], 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO'],
      [new TransferTransaction().addNftTransfer(nft(3330), ALICE, BOB), ALICE, ['alice'], 'INVALID_NFT_ID'],
      [new TransferTransaction().addNftTransfer(nft(aliceSerial), ALICE, '0.0.424242'), ALICE, ['alice'], 'INVALID_ACCOUNT_ID'],
    ];
    for (const [tx, payer, signers, status] of cases) {
      await expectUnchanged(async () => ledger.execute(await signed(frozen(tx, payer), ...signers)), status);
    }
  });

  it('refuses tokens to an account not associated with them', async () => {
    const unassociated = sandboxSeed().accounts.find((a) => a.paws === null)?.accountId ?? '';
    const tx = frozen(new TransferTransaction().addTokenTransfer(PAWS, ALICE, -5n).addTokenTransfer(PAWS, unassociated, 5n), ALICE);
    await expectUnchanged(async () => ledger.execute(await signed(tx, 'alice')), 'TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
  });

  it('lets an owner move its own NFT, which clears the per-serial spender', async () => {
    await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'));
    const gift = frozen(new TransferTransaction().addNftTransfer(nft(aliceSerial), ALICE, CAROL), ALICE);
    expect((await ledger.execute(await signed(gift, 'alice'))).status).toBe('SUCCESS');
    expect((await ledger.read()).state.tokens.get(TIGERS)?.nfts[aliceSerial]).toMatchObject({ owner: CAROL, spender: null });
  });

  it('honours approve-for-all, and its revocation', async () => {
    const [first, second] = serialsOf(await ledger.read(), ALICE);
    const grant = frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowanceAllSerials(TIGERS, ALICE, OPERATOR), ALICE);
    expect((await ledger.execute(await signed(grant, 'alice'))).status).toBe('SUCCESS');
    const move = (serial: number) => frozen(new TransferTransaction().addApprovedNftTransfer(nft(serial), ALICE, DAVE), OPERATOR);
    expect((await ledger.execute(await signed(move(first ?? 0), 'operator'))).status).toBe('SUCCESS');
    const revoke = frozen(new AccountAllowanceApproveTransaction().deleteTokenNftAllowanceAllSerials(TIGERS, ALICE, OPERATOR), ALICE);
    expect((await ledger.execute(await signed(revoke, 'alice'))).status).toBe('SUCCESS');
    expect((await ledger.execute(await signed(move(second ?? 0), 'operator'))).status).toBe('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
  });

  it('spends HBAR allowances in approved HBAR legs', async () => {
    const grant = frozen(new AccountAllowanceApproveTransaction().approveHbarAllowance(ALICE, OPERATOR, new Hbar(5)), ALICE);
    expect((await ledger.execute(await signed(grant, 'alice'))).status).toBe('SUCCESS');
    const pull = (hbar: number) =>
      frozen(new TransferTransaction().addApprovedHbarTransfer(ALICE, new Hbar(-hbar)).addHbarTransfer(CAROL, new Hbar(hbar)), OPERATOR);
    expect((await ledger.execute(await signed(pull(3), 'operator'))).status).toBe('SUCCESS');
    expect((await ledger.read()).state.accounts.get(ALICE)?.hbarAllowances.get(OPERATOR)?.amount).toBe(200_000_000n);
    await expectUnchanged(async () => ledger.execute(await signed(pull(3), 'operator')), 'AMOUNT_EXCEEDS_ALLOWANCE');
  });

  it('carries at most 20 allowances per approve or delete transaction, each NFT serial counted (hedera.allowances.maxTransactionLimit)', async () => {
    const serials = serialsOf(await ledger.read(), ALICE).slice(0, 21);
    expect(serials).toHaveLength(21);
    const approve = (count: number) => {
      const tx = new AccountAllowanceApproveTransaction();
      for (const serial of serials.slice(0, count)) tx.approveTokenNftAllowance(nft(serial), ALICE, OPERATOR);
      return frozen(tx, ALICE);
    };
    await expectUnchanged(async () => ledger.execute(await signed(approve(21), 'alice')), 'MAX_ALLOWANCES_EXCEEDED');
    expect((await ledger.execute(await signed(approve(20), 'alice'))).status).toBe('SUCCESS');
    const revoke = (count: number) => {
      const tx = new AccountAllowanceDeleteTransaction();
      for (const serial of serials.slice(0, count)) tx.deleteAllTokenNftAllowances(nft(serial), ALICE);
      return frozen(tx, ALICE);
    };
    await expectUnchanged(async () => ledger.execute(await signed(revoke(21), 'alice')), 'MAX_ALLOWANCES_EXCEEDED');
    expect((await ledger.execute(await signed(revoke(20), 'alice'))).status).toBe('SUCCESS');
  });

  it('removes a per-serial allowance with AccountAllowanceDeleteTransaction', async () => {
    await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'));
    const removal = frozen(new AccountAllowanceDeleteTransaction().deleteAllTokenNftAllowances(nft(aliceSerial), ALICE), ALICE);
    expect((await ledger.execute(await signed(removal, 'alice'))).status).toBe('SUCCESS');
    expect((await ledger.read()).state.tokens.get(TIGERS)?.nfts[aliceSerial]?.spender).toBeNull();
    const notOwner = frozen(new AccountAllowanceDeleteTransaction().deleteAllTokenNftAllowances(nft(aliceSerial), BOB), BOB);
    await expectUnchanged(async () => ledger.execute(await signed(notOwner, 'bob')), 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
  });
});

describe('sandbox ledger: transaction checks', () => {
  it('rejects expired, future-dated and unknown-payer transactions', async () => {
    const tx = () => new TransferTransaction().addTokenTransfer(PAWS, ALICE, -1n).addTokenTransfer(PAWS, BOB, 1n);
    await expectUnchanged(async () => ledger.execute(await signed(frozen(tx(), ALICE, Date.now() - 200_000), 'alice')), 'TRANSACTION_EXPIRED');
    await expectUnchanged(async () => ledger.execute(await signed(frozen(tx(), ALICE, Date.now() + 60_000), 'alice')), 'INVALID_TRANSACTION_START');
    await expectUnchanged(async () => ledger.execute(await signed(frozen(tx(), '0.0.999999'), 'alice')), 'PAYER_ACCOUNT_NOT_FOUND');
  });

  it('answers NOT_SUPPORTED for other transaction types and INVALID_TRANSACTION_BODY for garbage', async () => {
    const dissociate = frozen(new TokenDissociateTransaction().setAccountId(ALICE).setTokenIds([PAWS]), ALICE);
    await expectUnchanged(async () => ledger.execute(await signed(dissociate, 'alice')), 'NOT_SUPPORTED');
    await expectUnchanged(async () => ledger.execute(new Uint8Array([1, 2, 3, 4])), 'INVALID_TRANSACTION_BODY');
  });

  it('uses the clock it is given and keeps consensus timestamps increasing', async () => {
    const start = Date.now();
    const clocked = newLedger(createMemoryLedgerLog(), () => start);
    const first = await clocked.execute(await signed(approvePaws(BOB, 1n), 'bob'));
    const second = await clocked.execute(await signed(approvePaws(CAROL, 1n), 'carol'));
    expect(first.consensusTimestamp).toBe(`${Math.floor(start / 1000)}.${String((start % 1000) * 1_000_000).padStart(9, '0')}`);
    expect(second.consensusTimestamp).not.toBe(first.consensusTimestamp);
    expect(Number(second.consensusTimestamp) >= Number(first.consensusTimestamp)).toBe(true);
  });

  it('remembers recent rejections for the mirror node, not in the log', async () => {
    await ledger.execute(await signed(approveNft(ALICE, aliceSerial), 'alice'));
    const bytes = await signed(sale(ALICE, BOB, aliceSerial, 1n), 'operator');
    const result = await ledger.execute(bytes);
    expect(result.status).toBe('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
    expect((await ledger.read()).findTransaction(result.transactionId)).toMatchObject({ result: 'SPENDER_DOES_NOT_HAVE_ALLOWANCE', tokenTransfers: [] });
    expect(await log.readAfter(0)).toHaveLength(1);
  });
});

describe('sandbox ledger: associating tokens (TokenAssociate, as the consensus node’s TokenAssociateToAccountHandler)', () => {
  const unassociated = sandboxSeed().accounts.find((a) => a.paws === null && a.label === null);
  const holder = () => unassociated?.accountId ?? '';
  const associate = (account: string, tokenIds: string[], payer = account) =>
    frozen(new TokenAssociateTransaction().setAccountId(account).setTokenIds(tokenIds), payer);

  it('associates an account with PAWS, signed by the account: it can then receive PAWS, and the mirror shows the transaction', async () => {
    const account = holder();
    const result = await ledger.execute(await signed(associate(account, [PAWS]), unassociated?.keyName ?? ''));
    expect(result.status).toBe('SUCCESS');
    expect(pawsOf(await ledger.read(), account)).toBe(0n);
    expect((await ledger.read()).findTransaction(result.transactionId)).toMatchObject({ name: 'TOKENASSOCIATE', result: 'SUCCESS', entityId: account });
    const gift = frozen(new TransferTransaction().addTokenTransfer(PAWS, ALICE, -5n).addTokenTransfer(PAWS, account, 5n), ALICE);
    expect((await ledger.execute(await signed(gift, 'alice'))).status).toBe('SUCCESS');
    expect(pawsOf(await ledger.read(), account)).toBe(5n);
  });

  it('answers the node’s statuses: the account’s signature, tokens named twice, unknown tokens, associations that exist', async () => {
    const account = holder();
    await expectUnchanged(async () => ledger.execute(await signed(associate(account, [PAWS], ALICE), 'alice')), 'INVALID_SIGNATURE');
    await expectUnchanged(
      async () => ledger.execute(await signed(associate(account, [PAWS, PAWS]), unassociated?.keyName ?? '')),
      'TOKEN_ID_REPEATED_IN_TOKEN_LIST',
    );
    await expectUnchanged(async () => ledger.execute(await signed(associate(account, ['0.0.424242']), unassociated?.keyName ?? '')), 'INVALID_TOKEN_ID');
    await expectUnchanged(async () => ledger.execute(await signed(associate(ALICE, [PAWS]), 'alice')), 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT');
  });
});

describe('sandbox ledger: burning NFTs (TokenBurn, as the consensus node’s TokenBurnHandler)', () => {
  const TREASURY = net.treasuryAccountId;
  const burn = (serials: number[], payer = TREASURY, tokenId = TIGERS) => frozen(new TokenBurnTransaction().setTokenId(tokenId).setSerials(serials), payer);
  /** Alice gives serials to the treasury: only a serial the treasury holds can be burned. */
  async function toTreasury(...serials: number[]): Promise<void> {
    const gift = new TransferTransaction();
    for (const serial of serials) gift.addNftTransfer(nft(serial), ALICE, TREASURY);
    expect((await ledger.execute(await signed(frozen(gift, ALICE), 'alice'))).status).toBe('SUCCESS');
  }

  it('gives the collection an ED25519 supply key and PAWS none, as on mainnet', async () => {
    const { tokens } = (await ledger.read()).state;
    expect(tokens.get(TIGERS)?.supplyKey).toEqual({ type: 'ED25519', hex: key('supply').publicKey.toStringRaw() });
    expect(tokens.get(PAWS)?.supplyKey).toBeNull();
  });

  it('burns a serial the treasury holds, signed by the supply key: deleted, no owner, supply and balance down, logged', async () => {
    await toTreasury(aliceSerial);
    const before = await ledger.read();
    const treasuryBalance = before.state.accounts.get(TREASURY)?.tokens.get(TIGERS)?.balance ?? 0n;
    const result = await ledger.execute(await signed(burn([aliceSerial]), 'treasury', 'supply'));
    expect(result.status).toBe('SUCCESS');

    const after = await ledger.read();
    expect(after.state.tokens.get(TIGERS)?.nfts[aliceSerial]).toMatchObject({
      owner: null,
      spender: null,
      delegatingSpender: null,
      modifiedTimestamp: result.consensusTimestamp,
    });
    expect(after.state.tokens.get(TIGERS)?.totalSupply).toBe(3327n);
    expect(serialsOf(after, TREASURY)).not.toContain(aliceSerial);
    expect(after.state.accounts.get(TREASURY)?.tokens.get(TIGERS)?.balance).toBe(treasuryBalance - 1n);
    expect(after.findTransaction(result.transactionId)).toMatchObject({
      name: 'TOKENBURN',
      result: 'SUCCESS',
      entityId: TIGERS,
      transfers: [],
      tokenTransfers: [],
      nftTransfers: [{ tokenId: TIGERS, serial: aliceSerial, sender: TREASURY, receiver: null, isApproval: false }],
    });
    expect((await log.readAfter(0)).map((entry) => entry.type)).toEqual(['CRYPTOTRANSFER', 'TOKENBURN']);
    // Another process replays the burn from the log to the same state.
    const replayed = await newLedger(log).read();
    expect(fingerprint(replayed)).toBe(fingerprint(after));
    expect(replayed.state.tokens.get(TIGERS)?.totalSupply).toBe(3327n);
  });

  it('lets any payer burn when the supply key signs, several serials at once', async () => {
    const [first, second] = serialsOf(await ledger.read(), ALICE) as [number, number];
    await toTreasury(first, second);
    expect((await ledger.execute(await signed(burn([first, second, first], OPERATOR), 'operator', 'supply'))).status).toBe('SUCCESS');
    expect((await ledger.read()).state.tokens.get(TIGERS)?.totalSupply).toBe(3326n);
  });

  it('refuses a burn the supply key did not sign (INVALID_SIGNATURE), even by the treasury', async () => {
    await toTreasury(aliceSerial);
    await expectUnchanged(async () => ledger.execute(await signed(burn([aliceSerial]), 'treasury')), 'INVALID_SIGNATURE');
    await expectUnchanged(async () => ledger.execute(await signed(burn([aliceSerial]), 'treasury', 'alice')), 'INVALID_SIGNATURE');
  });

  it('refuses to burn a serial the treasury does not hold (TREASURY_MUST_OWN_BURNED_NFT)', async () => {
    await expectUnchanged(async () => ledger.execute(await signed(burn([aliceSerial]), 'treasury', 'supply')), 'TREASURY_MUST_OWN_BURNED_NFT');
    await expectUnchanged(async () => ledger.execute(await signed(burn([aliceSerial], ALICE), 'alice', 'supply')), 'TREASURY_MUST_OWN_BURNED_NFT');
  });

  it('refuses unknown and already burned serials (INVALID_NFT_ID), and a burned serial moves no more', async () => {
    await expectUnchanged(async () => ledger.execute(await signed(burn([3330]), 'treasury', 'supply')), 'INVALID_NFT_ID');
    await toTreasury(aliceSerial);
    expect((await ledger.execute(await signed(burn([aliceSerial]), 'treasury', 'supply'))).status).toBe('SUCCESS');
    await expectUnchanged(async () => ledger.execute(await signed(burn([aliceSerial]), 'treasury', 'supply')), 'INVALID_NFT_ID');
    const move = frozen(new TransferTransaction().addNftTransfer(nft(aliceSerial), TREASURY, ALICE), TREASURY);
    await expectUnchanged(async () => ledger.execute(await signed(move, 'treasury')), 'INVALID_NFT_ID');
    const approve = frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(aliceSerial), TREASURY, OPERATOR), TREASURY);
    await expectUnchanged(async () => ledger.execute(await signed(approve, 'treasury')), 'INVALID_TOKEN_NFT_SERIAL_NUMBER');
  });

  it('answers the other rules with the node’s statuses', async () => {
    const pawsBurn = frozen(new TokenBurnTransaction().setTokenId(PAWS).setAmount(1), TREASURY);
    const cases: [Promise<Uint8Array>, string][] = [
      [signed(pawsBurn, 'treasury', 'supply'), 'TOKEN_HAS_NO_SUPPLY_KEY'],
      [signed(burn([1], TREASURY, '0.0.424242'), 'treasury', 'supply'), 'INVALID_TOKEN_ID'],
      [signed(burn([]), 'treasury', 'supply'), 'INVALID_TOKEN_BURN_METADATA'],
      [signed(burn(Array.from({ length: 11 }, (_, i) => i + 1)), 'treasury', 'supply'), 'BATCH_SIZE_LIMIT_EXCEEDED'],
      [signed(burn([0]), 'treasury', 'supply'), 'INVALID_NFT_ID'],
      [signed(frozen(new TokenBurnTransaction().setTokenId(TIGERS).setAmount(1).setSerials([1]), TREASURY), 'treasury', 'supply'), 'INVALID_TRANSACTION_BODY'],
    ];
    for (const [bytes, status] of cases) await expectUnchanged(async () => ledger.execute(await bytes), status);
  });

  it('refuses a negative amount (a uint64 above 2^63, a negative long to the node) at submission, as the node’s pure checks do', async () => {
    const negative = frozen(new TokenBurnTransaction().setTokenId(TIGERS).setAmount(-1), TREASURY);
    expect(await ledger.submit(await signed(negative, 'treasury', 'supply'))).toMatchObject({ status: 'INVALID_TOKEN_BURN_AMOUNT' });
  });
});
