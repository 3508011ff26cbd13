import { createPrivateKey, sign } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AccountAllowanceApproveTransaction, Hbar, NftId, PublicKey, TokenId, TransferTransaction } from '@hiero-ledger/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoLedgerLog, sandboxLedgerSk } from '@/sandbox/ledger/ledger-log-repo';
import { createMemoryLedgerLog, type LedgerLog, type LedgerLogEntry } from '@/sandbox/ledger/ledger-log';
import { SandboxLogError } from '@/sandbox/ledger/sandbox-errors';
import { sandboxKeySeed, sandboxPublicKeyHex } from '@/sandbox/ledger/sandbox-keys';
import { type MemoryStore, startMemoryStore } from '../../support/memory-store';
import { ALICE, BOB, CAROL, DAVE, OPERATOR, PAWS, PAWS_UNIT, TIGERS, fingerprint, frozen, newLedger, serialsOf, signed } from './sandbox-helpers';

const nft = (serial: number) => new NftId(TokenId.fromString(TIGERS), serial);
const entry = (seq: number): LedgerLogEntry => ({
  seq,
  transactionId: `0.0.5@1700000000.${String(seq).padStart(9, '0')}`,
  type: 'CRYPTOTRANSFER',
  bytes: 'AA==',
  consensusTimestamp: `1700000001.${String(seq).padStart(9, '0')}`,
  status: 'SUCCESS',
});

function logContract(name: string, makeLog: () => Promise<LedgerLog>) {
  describe(`${name} ledger log`, () => {
    it('appends once per seq and reads entries after a seq in order', async () => {
      const log = await makeLog();
      expect(await log.append(entry(2))).toBe(true);
      expect(await log.append(entry(1))).toBe(true);
      expect(await log.append({ ...entry(1), transactionId: 'other' })).toBe(false);
      expect(await log.append(entry(3))).toBe(true);
      expect((await log.readAfter(0)).map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(await log.readAfter(1)).toEqual([entry(2), entry(3)]);
      expect(await log.readAfter(3)).toEqual([]);
    });
  });
}

logContract('memory', async () => createMemoryLedgerLog());

let memory: MemoryStore;
beforeAll(async () => {
  memory = await startMemoryStore();
});
afterAll(() => memory.stop());

async function dynamoLog(): Promise<LedgerLog> {
  return createDynamoLedgerLog({ doc: memory.doc, tableName: await memory.newTable() });
}

logContract('DynamoDB (dynalite)', dynamoLog);

describe('DynamoDB ledger log paging', () => {
  it('follows LastEvaluatedKey and keys entries by zero-padded seq', async () => {
    const inputs: Record<string, unknown>[] = [];
    const pages = [
      { Items: [{ pk: 'SANDBOX#LEDGER', sk: sandboxLedgerSk(1), ...entry(1) }], LastEvaluatedKey: { pk: 'SANDBOX#LEDGER', sk: sandboxLedgerSk(1) } },
      { Items: [{ pk: 'SANDBOX#LEDGER', sk: sandboxLedgerSk(2), ...entry(2) }] },
    ];
    const fakeDoc = {
      send: async (command: { input: Record<string, unknown> }) => {
        inputs.push(command.input);
        return pages[inputs.length - 1];
      },
    };
    const log = createDynamoLedgerLog({ doc: fakeDoc as unknown as DynamoDBDocumentClient, tableName: 't' });
    expect((await log.readAfter(0)).map((e) => e.seq)).toEqual([1, 2]);
    expect(inputs[0]).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND sk > :sk',
      ExpressionAttributeValues: { ':pk': 'SANDBOX#LEDGER', ':sk': 'SEQ#000000000000' },
    });
    expect(inputs[1]?.ExclusiveStartKey).toEqual({ pk: 'SANDBOX#LEDGER', sk: 'SEQ#000000000001' });
    expect(sandboxLedgerSk(12) < sandboxLedgerSk(100)).toBe(true);
  });
});

describe('sandbox ledgers sharing one log', () => {
  it('catch up with each other (over DynamoDB)', async () => {
    const log = await dynamoLog();
    const first = newLedger(log);
    const second = newLedger(log);
    const serial = serialsOf(await first.read(), ALICE)[0] ?? 0;
    const gift = frozen(new TransferTransaction().addNftTransfer(nft(serial), ALICE, DAVE), ALICE);
    expect((await first.execute(await signed(gift, 'alice'))).status).toBe('SUCCESS');
    expect(serialsOf(await second.read(), DAVE)).toEqual([serial]);
    const back = frozen(new TransferTransaction().addNftTransfer(nft(serial), DAVE, ALICE), DAVE);
    expect((await second.execute(await signed(back, 'dave'))).status).toBe('SUCCESS');
    expect(fingerprint(await first.read())).toBe(fingerprint(await second.read()));
    expect(serialsOf(await first.read(), DAVE)).toEqual([]);
  });

  it('share one catch-up between the mirror reads asked while it waits for its turn', async () => {
    const shared = createMemoryLedgerLog();
    const writer = newLedger(shared);
    let queries = 0;
    const reader = newLedger({
      readAfter: (seq) => {
        queries += 1;
        return shared.readAfter(seq);
      },
      append: (e) => shared.append(e),
    });
    await reader.read();
    queries = 0;
    await Promise.all(Array.from({ length: 34 }, () => reader.read()));
    expect(queries).toBe(1);

    // A read asked after another process logged a transaction catches up again, and sees it.
    const serial = serialsOf(await writer.read(), ALICE)[0] ?? 0;
    const gift = frozen(new TransferTransaction().addNftTransfer(nft(serial), ALICE, DAVE), ALICE);
    expect((await writer.execute(await signed(gift, 'alice'))).status).toBe('SUCCESS');
    expect(serialsOf(await reader.read(), DAVE)).toEqual([serial]);
    expect(queries).toBe(2);
  });

  it('let exactly one of two racing settlements of the same listing win', async () => {
    const shared = createMemoryLedgerLog();
    const seller = newLedger(shared);
    const serial = serialsOf(await seller.read(), ALICE)[0] ?? 0;
    await seller.execute(await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(serial), ALICE, OPERATOR), ALICE), 'alice'));
    for (const [buyer, name] of [
      [BOB, 'bob'],
      [CAROL, 'carol'],
    ] as const) {
      await seller.execute(
        await signed(frozen(new AccountAllowanceApproveTransaction().approveTokenAllowance(PAWS, buyer, OPERATOR, 100n * PAWS_UNIT), buyer), name),
      );
    }
    const settle = (buyer: string) =>
      frozen(
        new TransferTransaction()
          .addApprovedNftTransfer(nft(serial), ALICE, buyer)
          .addApprovedTokenTransfer(PAWS, buyer, -100n * PAWS_UNIT)
          .addTokenTransfer(PAWS, ALICE, 100n * PAWS_UNIT),
        OPERATOR,
      );
    const bobBytes = await signed(settle(BOB), 'operator');
    const carolBytes = await signed(settle(CAROL), 'operator');

    // Process B validates Carol's purchase on a stale state; process A commits Bob's just before B appends.
    const processA = newLedger(shared);
    let raced = false;
    const racingLog: LedgerLog = {
      readAfter: (seq) => shared.readAfter(seq),
      append: async (e) => {
        if (!raced) {
          raced = true;
          expect((await processA.execute(bobBytes)).status).toBe('SUCCESS');
        }
        return shared.append(e);
      },
    };
    const processB = newLedger(racingLog);
    const carol = await processB.execute(carolBytes);
    expect(carol.status).toBe('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
    const final = await processB.read();
    expect(final.state.tokens.get(TIGERS)?.nfts[serial]?.owner).toBe(BOB);
    expect(final.state.accounts.get(CAROL)?.tokens.get(PAWS)?.balance).toBe(5_000n * PAWS_UNIT);
    expect((await shared.readAfter(0)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('refuse a log with a gap', async () => {
    const log = createMemoryLedgerLog();
    await log.append(entry(2));
    await expect(newLedger(log).read()).rejects.toBeInstanceOf(SandboxLogError);
  });

  it('replay genesis plus hundreds of logged transactions, each read from the log once', async () => {
    // A few hundred: the count below tells a linear replay from a quadratic one at any size.
    const entries = 300;
    const privateKey = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), sandboxKeySeed('alice')]),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = PublicKey.fromStringED25519(sandboxPublicKeyHex('alice'));
    const log = createMemoryLedgerLog();
    const start = Date.now() - 5_000;
    for (let seq = 1; seq <= entries; seq++) {
      const tx = frozen(new TransferTransaction().addHbarTransfer(ALICE, Hbar.fromTinybars(-1)).addHbarTransfer(BOB, Hbar.fromTinybars(1)), ALICE, start);
      await tx.signWith(publicKey, async (message) => sign(null, message, privateKey));
      await log.append({
        seq,
        transactionId: tx.transactionId?.toString() ?? '',
        type: 'CRYPTOTRANSFER',
        bytes: Buffer.from(tx.toBytes()).toString('base64'),
        consensusTimestamp: `${Math.floor(start / 1000) + 1}.${String(seq).padStart(9, '0')}`,
        status: 'SUCCESS',
      });
    }
    // Counted, not timed: a replay that read the log again per entry (quadratic) would read it ~entries²/2 times.
    let read = 0;
    const counted = {
      ...log,
      async readAfter(seq: number) {
        const found = await log.readAfter(seq);
        read += found.length;
        return found;
      },
    };
    const view = await newLedger(counted).read();
    expect(view.state.lastSeq).toBe(entries);
    expect(view.state.accounts.get(ALICE)?.hbar).toBe(10_000n * 100_000_000n - BigInt(entries));
    expect(read).toBe(entries);
  });
});
