/**
 * The sandbox ledger's custom-fee assessment against the consensus node's own cases. Each case names
 * its source in hiero-consensus-node: unit tests under hedera-token-service-impl/src/test/.../handlers/
 * transfer/ (`CustomFeeAssessmentStepTest`, `customfees/Custom*FeeAssessorTest`) and the node's
 * integration specs under test-clients/.../suites/ (`TokenTransactSpecs`, `crypto/TransferWithCustom*Fees`,
 * `crypto/CryptoTransferSuite`). Account and token numbers are the cases' own where they fit.
 */
import { describe, expect, it } from 'vitest';
import { applyEffects } from '@/sandbox/ledger/apply';
import { type FeeLevel, assessCustomFees } from '@/sandbox/ledger/custom-fees';
import type { DecodedBody } from '@/sandbox/ledger/decode';
import type { Effects } from '@/sandbox/ledger/effects';
import { defaultSandboxNetwork } from '@/sandbox/ledger/sandbox-network';
import type { AccountState, CustomFeeState, LedgerState, TokenState } from '@/sandbox/ledger/state';
import { transferEffects } from '@/sandbox/ledger/validate-transfer';

const MAX = 2n ** 63n - 1n;
const TREASURY = '0.0.6000';
const SPENDER = '0.0.5555';

interface TokenSpec {
  id: string;
  fungible?: boolean;
  fees?: CustomFeeState[];
  treasury?: string;
}

type Holdings = Record<string, { hbar?: bigint; tokens?: Record<string, bigint>; slots?: number }>;

/** A ledger with these tokens and accounts (every account named in `holdings`, with HBAR and token relations). */
function ledger(tokens: TokenSpec[], holdings: Holdings): LedgerState {
  const state: LedgerState = {
    network: defaultSandboxNetwork,
    accounts: new Map(),
    tokens: new Map(),
    transactions: new Map(),
    lastSeq: 0,
    lastConsensusNs: 0n,
  };
  for (const spec of tokens) {
    const token: TokenState = {
      id: spec.id,
      name: spec.id,
      symbol: spec.id,
      type: spec.fungible === false ? 'NON_FUNGIBLE_UNIQUE' : 'FUNGIBLE_COMMON',
      decimals: 0,
      initialSupply: 0n,
      totalSupply: 0n,
      maxSupply: 0n,
      treasury: spec.treasury ?? TREASURY,
      supplyKey: null,
      createdTimestamp: '0.0',
      customFees: spec.fees ?? [],
      nfts: [],
    };
    state.tokens.set(spec.id, token);
  }
  const everyone: Holdings = { [TREASURY]: {}, [SPENDER]: {}, ...holdings };
  for (const [id, holding] of Object.entries(everyone)) {
    const account: AccountState = {
      id,
      key: { type: 'ED25519', hex: '' },
      hbar: holding.hbar ?? 1_000_000n,
      createdTimestamp: '0.0',
      tokens: new Map(Object.entries(holding.tokens ?? {}).map(([tokenId, balance]) => [tokenId, { balance, createdTimestamp: '0.0' }])),
      hbarAllowances: new Map(),
      tokenAllowances: new Map(),
      nftApprovalsForAll: new Map(),
      nfts: new Map(),
      maxAutoAssociations: holding.slots ?? 0,
      usedAutoAssociations: 0,
    };
    state.accounts.set(id, account);
  }
  return state;
}

/** Gives `owner` serial `serial` of NFT token `tokenId` (associated). */
function holdNft(state: LedgerState, tokenId: string, serial: number, owner: string): void {
  const token = state.tokens.get(tokenId);
  const account = state.accounts.get(owner);
  if (!token || !account) throw new Error('unknown token or account');
  token.nfts[serial] = { serial, owner, spender: null, delegatingSpender: null, metadata: '', createdTimestamp: '0.0', modifiedTimestamp: '0.0' };
  account.nfts.set(tokenId, new Set([...(account.nfts.get(tokenId) ?? []), serial]));
  const relation = account.tokens.get(tokenId) ?? { balance: 0n, createdTimestamp: '0.0' };
  relation.balance += 1n;
  account.tokens.set(tokenId, relation);
}

const fixed = (amount: bigint, denominatingTokenId: string | null, collector: string, allCollectorsExempt = false): CustomFeeState => ({
  kind: 'fixed',
  amount,
  denominatingTokenId,
  collector,
  allCollectorsExempt,
});
const fractional = (
  numerator: bigint,
  denominator: bigint,
  collector: string,
  { minimum = 0n, maximum = 0n, net = false }: { minimum?: bigint; maximum?: bigint; net?: boolean } = {},
): CustomFeeState => ({ kind: 'fractional', numerator, denominator, minimum, maximum, netOfTransfers: net, collector, allCollectorsExempt: false });
const royalty = (
  numerator: bigint,
  denominator: bigint,
  collector: string,
  fallback: { amount: bigint; denominatingTokenId: string | null } | null = null,
): CustomFeeState => ({ kind: 'royalty', numerator, denominator, fallback, collector, allCollectorsExempt: false });

type Transfer = Extract<DecodedBody, { name: 'CRYPTOTRANSFER' }>;

/** A CryptoTransfer body: HBAR legs, fungible legs by token (in list order), NFT moves. */
function transfer({
  hbar = {},
  tokens = {},
  nfts = [],
  approved = [],
}: {
  hbar?: Record<string, bigint>;
  tokens?: Record<string, Record<string, bigint>>;
  nfts?: { tokenId: string; serial: number; sender: string; receiver: string }[];
  approved?: string[];
}): Transfer {
  return {
    name: 'CRYPTOTRANSFER',
    hbar: Object.entries(hbar).map(([account, amount]) => ({ account, amount, isApproval: approved.includes(account) })),
    tokens: Object.entries(tokens).flatMap(([tokenId, legs]) =>
      Object.entries(legs).map(([account, amount]) => ({ tokenId, account, amount, isApproval: approved.includes(account), expectedDecimals: null })),
    ),
    nfts: nfts.map((nft) => ({ ...nft, isApproval: false })),
    tokenOrder: [...new Set([...Object.keys(tokens), ...nfts.map((nft) => nft.tokenId)])],
  };
}

/** The transfer's levels (and fees) as the assessment builds them, each level's amounts as plain records. */
function levelsOf(state: LedgerState, body: Transfer) {
  const submitted: FeeLevel = {
    hbar: new Map(body.hbar.map((leg) => [leg.account, leg.amount])),
    tokens: new Map(
      body.tokenOrder.flatMap((tokenId) => {
        const legs = body.tokens.filter((leg) => leg.tokenId === tokenId);
        return legs.length ? [[tokenId, new Map(legs.map((leg) => [leg.account, leg.amount]))] as const] : [];
      }),
    ),
    nfts: body.nfts,
    tokenOrder: body.tokenOrder,
  };
  const result = assessCustomFees(state, submitted);
  if (typeof result === 'string') return result;
  return {
    fees: result.fees,
    levels: result.levels.map((level) => ({
      hbar: Object.fromEntries(level.hbar),
      ...Object.fromEntries([...level.tokens].map(([tokenId, amounts]) => [tokenId, Object.fromEntries(amounts)])),
    })),
  };
}

/** The transfer's outcome: its status, or the net change of every balance (HBAR under 'hbar'). */
function outcome(state: LedgerState, body: Transfer, payer = SPENDER): string | { hbar: Record<string, bigint>; [tokenId: string]: Record<string, bigint> } {
  const effects = transferEffects(state, payer, body);
  if (typeof effects === 'string') return effects;
  return {
    hbar: Object.fromEntries(effects.hbar),
    ...Object.fromEntries([...effects.tokens].map(([tokenId, amounts]) => [tokenId, Object.fromEntries(amounts)])),
  };
}

function effectsOf(state: LedgerState, body: Transfer, payer = SPENDER): Effects {
  const effects = transferEffects(state, payer, body);
  if (typeof effects === 'string') throw new Error(effects);
  return effects;
}

describe('custom fees as consensus nodes assess them: levels (CustomFeeAssessmentStepTest)', () => {
  const [F, N, O, H, R, C] = ['0.0.1', '0.0.2', '0.0.123456', '0.0.10000000', '0.0.10000001', '0.0.32134'];

  it('hbarFixedFeeAndRoyaltyFeeWithFallback: a fractional fee from the receiver, an HBAR fixed fee and a fallback fee in level 1', () => {
    const state = ledger(
      [
        { id: F, fees: [fixed(1000n, null, C), fractional(1n, 100n, C, { minimum: 1n, maximum: 100n })], treasury: '0.0.1000000' },
        { id: N, fungible: false, fees: [royalty(1n, 2n, C, { amount: 1000n, denominatingTokenId: null })], treasury: '0.0.1000000' },
      ],
      { [O]: { tokens: { [F]: 5000n } }, [H]: {}, [R]: { tokens: { [F]: 0n, [N]: 0n } }, [C]: { tokens: { [F]: 0n } } },
    );
    holdNft(state, N, 1, O);
    const result = levelsOf(
      state,
      transfer({ hbar: { [O]: -1000n, [H]: 1000n }, tokens: { [F]: { [O]: -1000n, [R]: 1000n } }, nfts: [{ tokenId: N, serial: 1, sender: O, receiver: R }] }),
    );
    expect(result).toMatchObject({
      levels: [{ hbar: { [O]: -1000n, [H]: 1000n }, [F]: { [O]: -1000n, [R]: 990n, [C]: 10n } }, { hbar: { [O]: -1000n, [C]: 2000n, [R]: -1000n } }],
    });
    expect(typeof result !== 'string' && result.fees).toEqual([
      { amount: 1000n, tokenId: null, collector: C, payers: [O] },
      { amount: 10n, tokenId: F, collector: C, payers: [R] },
      { amount: 1000n, tokenId: null, collector: C, payers: [R] },
    ]);
  });

  it("htsFixedFeeAndRoyaltyFeeWithFallbackSelfDenomination: a fee in the token itself stays in its level; the fallback pays the token's fee in level 1", () => {
    const state = ledger(
      [
        { id: F, fees: [fixed(10n, F, C)], treasury: '0.0.1000000' },
        { id: N, fungible: false, fees: [royalty(1n, 2n, C, { amount: 10n, denominatingTokenId: F })], treasury: '0.0.1000000' },
      ],
      { [O]: { tokens: { [F]: 5000n } }, [H]: {}, [R]: { tokens: { [F]: 100n, [N]: 0n } }, [C]: { tokens: { [F]: 0n } } },
    );
    holdNft(state, N, 1, O);
    expect(
      levelsOf(
        state,
        transfer({
          hbar: { [O]: -1000n, [H]: 1000n },
          tokens: { [F]: { [O]: -1000n, [R]: 1000n } },
          nfts: [{ tokenId: N, serial: 1, sender: O, receiver: R }],
        }),
      ),
    ).toMatchObject({
      levels: [
        { hbar: { [O]: -1000n, [H]: 1000n }, [F]: { [O]: -1010n, [R]: 1000n, [C]: 10n } },
        { hbar: {}, [F]: { [R]: -20n, [C]: 20n } },
      ],
    });
  });

  it('multiLevelTransfers: fees of fees to the second level, where a net-of-transfers fee to its own collector is not charged', () => {
    const [B, Ctok, P] = ['0.0.6', '0.0.7', '0.0.3'];
    const state = ledger(
      [
        { id: F, fees: [fractional(1n, 100n, C, { minimum: 1n, maximum: 100n, net: true })] },
        { id: B, fees: [fixed(1000n, Ctok, C)] },
        { id: Ctok, fees: [fixed(40n, F, C)] },
      ],
      { [O]: { tokens: { [F]: 1000n, [B]: 0n } }, [P]: { tokens: { [F]: 1000n, [B]: 100n, [Ctok]: 5000n } }, [C]: { tokens: { [F]: 0n, [Ctok]: 0n } } },
    );
    expect(levelsOf(state, transfer({ tokens: { [F]: { [O]: -100n, [P]: 100n }, [B]: { [P]: -10n, [O]: 10n } } }))).toMatchObject({
      levels: [
        { [F]: { [O]: -101n, [P]: 100n, [C]: 1n }, [B]: { [P]: -10n, [O]: 10n } },
        { [Ctok]: { [P]: -1000n, [C]: 1000n } },
        { [F]: { [P]: -40n, [C]: 40n } },
      ],
    });
  });

  it('transferFungibleWithFixedHtsCustomFees3LayersShouldFail (TransferWithCustomFixedFees): a third level of fees is refused', () => {
    const [A, B, Ctok, D, P, Q] = ['0.0.11', '0.0.12', '0.0.13', '0.0.14', '0.0.21', '0.0.22'];
    const state = ledger([{ id: A, fees: [fixed(1n, B, C)] }, { id: B, fees: [fixed(1n, Ctok, C)] }, { id: Ctok, fees: [fixed(1n, D, C)] }, { id: D }], {
      [P]: { tokens: { [A]: 10n, [B]: 10n, [Ctok]: 10n, [D]: 10n } },
      [Q]: { tokens: { [A]: 0n } },
      [C]: { tokens: { [B]: 0n, [Ctok]: 0n, [D]: 0n } },
    });
    expect(levelsOf(state, transfer({ tokens: { [A]: { [P]: -1n, [Q]: 1n } } }))).toBe('CUSTOM_FEE_CHARGING_EXCEEDED_MAX_RECURSION_DEPTH');
  });
});

describe('fractional fees (CustomFractionalFeeAssessorTest, TokenTransactSpecs, TransferWithCustomFractionalFees)', () => {
  const T = '0.0.3000';

  it('reclaimsRemainderAsExpected: each fee on every non-exempt credit, the second also from the first collector', () => {
    const state = ledger(
      [{ id: T, fees: [fractional(1n, 100n, '0.0.6666', { minimum: 2n, maximum: 100n }), fractional(1n, 10n, '0.0.7777', { minimum: 10n, maximum: 1000n })] }],
      {
        '0.0.4001': { tokens: { [T]: 5000n } },
        '0.0.8000': { tokens: { [T]: 0n } },
        '0.0.9000': { tokens: { [T]: 0n } },
        '0.0.6666': { tokens: { [T]: 0n } },
        '0.0.7777': { tokens: { [T]: 0n } },
      },
    );
    const result = levelsOf(state, transfer({ tokens: { [T]: { '0.0.4001': -5000n, '0.0.8000': 4000n, '0.0.9000': 1000n } } }));
    expect(result).toMatchObject({
      fees: [
        { amount: 50n, tokenId: T, collector: '0.0.6666', payers: ['0.0.8000', '0.0.9000'] },
        { amount: 500n, tokenId: T, collector: '0.0.7777', payers: ['0.0.8000', '0.0.9000'] },
      ],
      levels: [{ [T]: { '0.0.4001': -5000n, '0.0.8000': 3564n, '0.0.9000': 891n, '0.0.6666': 45n, '0.0.7777': 500n } }],
    });
  });

  it('failsWithInsufficientBalanceWhenAppropriate: a minimum that cannot be taken in full', () => {
    const state = ledger(
      [
        {
          id: T,
          fees: [
            fractional(MAX, 1n, '0.0.7777', { minimum: 1n, maximum: 1n }),
            fractional(1n, 100n, '0.0.6666', { minimum: 2n, maximum: 100n }),
            fractional(1n, 10n, '0.0.7777', { minimum: 10n, maximum: 1000n }),
          ],
        },
      ],
      { '0.0.4001': { tokens: { [T]: 10n } }, '0.0.8000': { tokens: { [T]: 0n } }, '0.0.6666': { tokens: { [T]: 0n } }, '0.0.7777': { tokens: { [T]: 0n } } },
    );
    expect(levelsOf(state, transfer({ tokens: { [T]: { '0.0.4001': -1n, '0.0.8000': 1n } } }))).toBe('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
  });

  it('cannotOverflowWithCrazyFraction: a fee past int64 is out of range, whatever its maximum', () => {
    const state = ledger([{ id: T, fees: [fractional(MAX, 1n, '0.0.7777', { minimum: 1n, maximum: 1n })] }], {
      '0.0.4001': { tokens: { [T]: 5000n } },
      '0.0.8000': { tokens: { [T]: 0n } },
      '0.0.9000': { tokens: { [T]: 0n } },
      '0.0.7777': { tokens: { [T]: 0n } },
    });
    expect(levelsOf(state, transfer({ tokens: { [T]: { '0.0.4001': -5000n, '0.0.8000': 4000n, '0.0.9000': 1000n } } }))).toBe(
      'CUSTOM_FEE_OUTSIDE_NUMERIC_RANGE',
    );
  });

  it('multipleNonNetOfTransfersAssessRelativeToDebits: shared among the senders by their debits; credits to the collector pay none', () => {
    const FC = '0.0.7777';
    const fees = [fractional(1n, 10n, FC, { maximum: MAX }), fractional(1n, 10n, FC, { maximum: MAX }), fractional(1n, 10n, FC, { maximum: MAX })];
    const holdings = { S1: 4000n, S2: 1000n };
    const state = ledger([{ id: T, fees }], {
      '0.0.101': { tokens: { [T]: holdings.S1 } },
      '0.0.102': { tokens: { [T]: holdings.S2 } },
      '0.0.200': { tokens: { [T]: 0n } },
      [FC]: { tokens: { [T]: 0n } },
      [TREASURY]: { tokens: { [T]: 0n } },
    });
    expect(outcome(state, transfer({ tokens: { [T]: { '0.0.101': -4000n, '0.0.102': -1000n, [TREASURY]: 2000n, '0.0.200': 3000n } } }))).toMatchObject({
      [T]: { [TREASURY]: 2000n, '0.0.200': 2100n, [FC]: 900n },
    });
    const toCollector = effectsOf(state, transfer({ tokens: { [T]: { '0.0.101': -4000n, '0.0.102': -1000n, [TREASURY]: 2000n, [FC]: 3000n } } }));
    expect(toCollector.assessedFees).toEqual([]);
  });

  it('splittingVerySmallDebitIntoMultipleDebitsCanRoundFeeDownToZero, and the minimum still collected', () => {
    const FC = '0.0.7777';
    const senders = ['0.0.301', '0.0.302', '0.0.303', '0.0.304', '0.0.305', '0.0.306', '0.0.307', '0.0.308'];
    const holdings = Object.fromEntries([...senders, '0.0.400', FC, TREASURY].map((account) => [account, { tokens: { [T]: 100n } }]));
    const split = transfer({ tokens: { [T]: { ...Object.fromEntries(senders.map((s, i) => [s, i === 0 ? -3n : -1n])), [TREASURY]: 2n, '0.0.400': 8n } } });
    const plain = ledger([{ id: T, fees: [fractional(3n, 20n, FC, { maximum: MAX })] }], holdings);
    expect(outcome(plain, transfer({ tokens: { [T]: { '0.0.301': -10n, [TREASURY]: 2n, '0.0.400': 8n } } }))).toMatchObject({
      [T]: { '0.0.400': 7n, [FC]: 1n },
    });
    expect(effectsOf(plain, split).assessedFees).toEqual([]);
    const withMinimum = ledger([{ id: T, fees: [fractional(3n, 20n, FC, { minimum: 8n, maximum: 10n })] }], holdings);
    expect(outcome(withMinimum, split)).toMatchObject({ [T]: { '0.0.400': 6n, [FC]: 2n } });
  });

  it('nonNetOfTransfersAreAssessedRelativeToJustNonexemptDebits, and multipleMinimumFeeCannotReclaimMoreThanCredit', () => {
    const FC = '0.0.7777';
    const one = ledger([{ id: T, fees: [fractional(1n, 10n, FC)] }], {
      '0.0.101': { tokens: { [T]: 5000n } },
      '0.0.200': { tokens: { [T]: 0n } },
      [FC]: { tokens: { [T]: 0n } },
      [TREASURY]: { tokens: { [T]: 5000n } },
    });
    expect(outcome(one, transfer({ tokens: { [T]: { '0.0.101': -5000n, [TREASURY]: -5000n, '0.0.200': 10000n } } }))).toMatchObject({
      [T]: { '0.0.200': 9000n, [FC]: 1000n },
    });
    const four = ledger([{ id: T, fees: [1n, 2n, 3n, 4n].map((minimum) => fractional(1n, 100n, FC, { minimum })) }], {
      '0.0.101': { tokens: { [T]: 40n } },
      '0.0.200': { tokens: { [T]: 0n } },
      [FC]: { tokens: { [T]: 0n } },
      [TREASURY]: { tokens: { [T]: 0n } },
    });
    expect(outcome(four, transfer({ tokens: { [T]: { '0.0.101': -40n, [TREASURY]: 25n, [FC]: 6n, '0.0.200': 9n } } }))).toBe(
      'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE',
    );
  });

  describe('TransferWithCustomFractionalFees: 1/10, minimum 2, maximum 10, the owner holding 1000', () => {
    const [O, A, B, FC] = ['0.0.1001', '0.0.1002', '0.0.1003', '0.0.7777'];
    const holdings = (net: boolean) =>
      ledger([{ id: T, fees: [fractional(1n, 10n, FC, { minimum: 2n, maximum: 10n, net })] }], {
        [O]: { tokens: { [T]: 1000n } },
        [A]: { tokens: { [T]: 0n } },
        [B]: { tokens: { [T]: 0n } },
        [FC]: { tokens: { [T]: 1n } },
      });

    it('…MultipleRecipientsShouldRoundFee, and its NetOfTransfers twin', () => {
      const split = transfer({ tokens: { [T]: { [O]: -10n, [A]: 5n, [B]: 5n } } });
      expect(outcome(holdings(false), split)).toMatchObject({ [T]: { [O]: -10n, [A]: 4n, [B]: 4n, [FC]: 2n } });
      expect(outcome(holdings(true), split)).toMatchObject({ [T]: { [O]: -12n, [A]: 5n, [B]: 5n, [FC]: 2n } });
    });

    it('…GreaterThanAmountNegative: the minimum above what is sent; the collector sending pays none', () => {
      expect(outcome(holdings(false), transfer({ tokens: { [T]: { [O]: -1n, [A]: 1n } } }))).toBe('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
      expect(effectsOf(holdings(false), transfer({ tokens: { [T]: { [FC]: -1n, [A]: 1n } } })).assessedFees).toEqual([]);
    });

    it('…Allowance and …AllowanceNetOfTransfers: a net-of-transfers fee uses the allowance up too', () => {
      for (const [net, left, owner] of [
        [false, 20n, -100n],
        [true, 10n, -110n],
      ] as const) {
        const state = holdings(net);
        state.accounts.get(O)?.tokenAllowances.set(`${SPENDER}|${T}`, { spender: SPENDER, tokenId: T, amount: 120n, amountGranted: 120n, timestamp: '0.0' });
        const effects = effectsOf(state, transfer({ tokens: { [T]: { [O]: -100n, [A]: 100n } }, approved: [O] }));
        expect(Object.fromEntries(effects.tokens.get(T) ?? [])).toMatchObject({ [O]: owner, [A]: net ? 100n : 90n, [FC]: 10n });
        expect(effects.tokenAllowances).toEqual([{ owner: O, spender: SPENDER, tokenId: T, amount: left, granted: null }]);
      }
    });
  });
});

describe('royalty fees (TransferWithCustomRoyaltyFees, CustomRoyaltyFeeAssessorTest, CryptoTransferSuite)', () => {
  const [NFT, FT, COL, COL2, SELLER, BUYER] = ['0.0.2000', '0.0.3000', '0.0.8801', '0.0.8802', '0.0.4001', '0.0.98'];

  function market(fees: CustomFeeState[], { sellerPaws = 0n, collectorHolds = true, buyerHbar = 1_000_000n } = {}) {
    const state = ledger([{ id: NFT, fungible: false, fees }, { id: FT }], {
      [SELLER]: { tokens: { [FT]: sellerPaws } },
      [BUYER]: { hbar: buyerHbar, tokens: { [FT]: 1000n, [NFT]: 0n } },
      [COL]: { tokens: collectorHolds ? { [FT]: 0n } : {} },
      [COL2]: { tokens: { [FT]: 0n } },
    });
    holdNft(state, NFT, 1, SELLER);
    holdNft(state, NFT, 2, SELLER);
    return state;
  }
  const sale = (payment: { hbar?: bigint; tokens?: bigint }, serials = [1]) =>
    transfer({
      ...(payment.hbar ? { hbar: { [BUYER]: -payment.hbar, [SELLER]: payment.hbar } } : {}),
      ...(payment.tokens !== undefined ? { tokens: { [FT]: { [BUYER]: -payment.tokens, [SELLER]: payment.tokens } } } : {}),
      nfts: serials.map((serial) => ({ tokenId: NFT, serial, sender: SELLER, receiver: BUYER })),
    });

  it('transferNonFungibleWithRoyaltyHbarFee: half of the HBAR the seller receives', () => {
    expect(outcome(market([royalty(1n, 2n, COL)]), sale({ hbar: 400n }))).toMatchObject({ hbar: { [BUYER]: -400n, [SELLER]: 200n, [COL]: 200n } });
  });

  it('transferNonFungibleWith2LayersRoyaltyFungibleFee: each royalty on the original 180', () => {
    expect(outcome(market([royalty(1n, 3n, COL), royalty(1n, 4n, COL2)]), sale({ tokens: 180n }))).toMatchObject({
      [FT]: { [SELLER]: 75n, [COL]: 60n, [COL2]: 45n },
    });
  });

  it('transferMultipleNonFungibleWithRoyaltyFungibleFee: two tigers for one payment pay one royalty on it', () => {
    const effects = effectsOf(market([royalty(1n, 3n, COL)]), sale({ tokens: 180n }, [1, 2]));
    expect(Object.fromEntries(effects.tokens.get(FT) ?? [])).toMatchObject({ [SELLER]: 120n, [COL]: 60n });
    expect(effects.assessedFees).toEqual([{ amount: 60n, tokenId: FT, collector: COL, payers: [SELLER] }]);
  });

  it('transferNonFungibleWithMultipleRoyaltyFungibleFeeNegative: royalties above the credit, from a seller holding none', () => {
    expect(outcome(market([royalty(6n, 10n, COL), royalty(9n, 10n, COL2)]), sale({ tokens: 4n }))).toBe('INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE');
  });

  it('transferNonFungibleWithRoyaltyHtsFeeMinFee: a royalty that rounds to 0 is recorded, and no fallback is charged', () => {
    const effects = effectsOf(market([royalty(1n, MAX, COL, { amount: 4n, denominatingTokenId: FT })]), sale({ tokens: 1n }));
    expect(effects.assessedFees).toEqual([{ amount: 0n, tokenId: FT, collector: COL, payers: [SELLER] }]);
  });

  it('chargesHbarFallbackAsExpected / transferMultipleTimesWithRoyaltyWithFallbackFee…: a gift makes its receiver pay the fallback', () => {
    const effects = effectsOf(market([royalty(1n, 2n, COL, { amount: 10n, denominatingTokenId: null })]), sale({}));
    expect(Object.fromEntries(effects.hbar)).toEqual({ [BUYER]: -10n, [COL]: 10n });
    expect(effects.assessedFees).toEqual([{ amount: 10n, tokenId: null, collector: COL, payers: [BUYER] }]);
    expect(outcome(market([royalty(1n, 2n, COL, { amount: 10n, denominatingTokenId: null })], { buyerHbar: 5n }), sale({}))).toBe(
      'INSUFFICIENT_SENDER_ACCOUNT_BALANCE_FOR_CUSTOM_FEE',
    );
  });

  it('doesntCollectRoyaltyIfOriginalPayerIsExempt: the collector selling pays no royalty; the treasury selling pays no fee at all', () => {
    expect(effectsOf(market([royalty(1n, 2n, SELLER)]), sale({ tokens: 100n })).assessedFees).toEqual([]);
    const state = market([royalty(1n, 2n, COL, { amount: 10n, denominatingTokenId: null })]);
    holdNft(state, NFT, 3, TREASURY);
    const fromTreasury = transfer({ nfts: [{ tokenId: NFT, serial: 3, sender: TREASURY, receiver: BUYER }] });
    expect(effectsOf(state, fromTreasury).assessedFees).toEqual([]);
  });

  it('royaltyCollectorsCannotUseAutoAssociationWithoutOpenSlots: TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR; a free slot lets it in', () => {
    expect(outcome(market([royalty(1n, 10n, COL)], { collectorHolds: false }), sale({ tokens: 123n }))).toBe('TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
    const withSlot = market([royalty(1n, 10n, COL)], { collectorHolds: false });
    const collector = withSlot.accounts.get(COL);
    if (collector) collector.maxAutoAssociations = 1;
    const effects = effectsOf(withSlot, sale({ tokens: 123n }));
    expect(effects.associations).toEqual([{ account: COL, tokenId: FT, automatic: true }]);
    expect(Object.fromEntries(effects.tokens.get(FT) ?? [])).toMatchObject({ [SELLER]: 111n, [COL]: 12n });
  });
});

describe('fixed fees, collector exemptions (HIP-573) and the transfer limits', () => {
  const [T, DENOM, ALICE, BOB, CAROL] = ['0.0.3000', '0.0.3001', '0.0.1001', '0.0.1002', '0.0.1003'];

  it('transferFungibleWithThreeFixedHtsCustomFeesWithoutAllCollectorsExempt, and with all collectors exempt (TransferWithCustomFixedFees)', () => {
    for (const [exempt, expected] of [
      [false, { [ALICE]: 600n, [BOB]: 800n, [CAROL]: 1600n }],
      [true, { [ALICE]: 1000n, [BOB]: 1000n, [CAROL]: 1000n }],
    ] as const) {
      const holds = { tokens: { [T]: 0n, [DENOM]: 1000n } };
      const state = ledger(
        [{ id: T, fees: [fixed(100n, DENOM, ALICE, exempt), fixed(200n, DENOM, BOB, exempt), fixed(300n, DENOM, CAROL, exempt)] }, { id: DENOM }],
        { [ALICE]: holds, [BOB]: holds, [CAROL]: holds, [TREASURY]: { tokens: { [T]: 1000n } } },
      );
      for (const [from, to, amount] of [
        [TREASURY, ALICE, 400n],
        [ALICE, BOB, 200n],
        [BOB, CAROL, 100n],
      ] as const) {
        applyEffects(state, effectsOf(state, transfer({ tokens: { [T]: { [from]: -amount, [to]: amount } } })), '1.0');
      }
      expect(Object.fromEntries([ALICE, BOB, CAROL].map((account) => [account, state.accounts.get(account)?.tokens.get(DENOM)?.balance]))).toEqual(expected);
    }
  });

  it('CryptoTransferValidator: 10 HBAR, 10 fungible and 10 NFT legs as submitted; 20 balance changes with the fee legs (CustomFeeAssessmentStep)', () => {
    const accounts = Array.from({ length: 12 }, (_, i) => `0.0.${2000 + i}`);
    const state = ledger([{ id: T, fees: [fixed(1n, null, CAROL)] }], Object.fromEntries(accounts.map((a) => [a, { tokens: { [T]: 100n } }])));
    const hbarLegs = (count: number) => Object.fromEntries(accounts.slice(0, count).map((a, i) => [a, i % 2 ? 1n : -1n]));
    expect(outcome(state, transfer({ hbar: { ...hbarLegs(10), '0.0.9999': 0n } }))).toBe('TRANSFER_LIST_SIZE_LIMIT_EXCEEDED');
    const tokenLegs = (count: number) => Object.fromEntries(accounts.slice(0, count).map((a, i) => [a, i % 2 ? 1n : -1n]));
    expect(outcome(state, transfer({ tokens: { [T]: tokenLegs(12) } }))).toBe('TOKEN_TRANSFER_LIST_SIZE_LIMIT_EXCEEDED');
    // 10 token legs (5 senders, each charged 1 tinybar to CAROL) and 10 other HBAR legs: 10 + 10 + 6 changes.
    const others = Array.from({ length: 10 }, (_, i) => `0.0.${3000 + i}`);
    const crowded = ledger(
      [{ id: T, fees: [fixed(1n, null, CAROL)] }],
      Object.fromEntries([...accounts, ...others, CAROL].map((a) => [a, { tokens: { [T]: 100n } }])),
    );
    expect(outcome(crowded, transfer({ hbar: Object.fromEntries(others.map((a, i) => [a, i % 2 ? 1n : -1n])), tokens: { [T]: tokenLegs(10) } }))).toBe(
      'CUSTOM_FEE_CHARGING_EXCEEDED_MAX_ACCOUNT_AMOUNTS',
    );
    expect(
      outcome(crowded, transfer({ hbar: Object.fromEntries(others.slice(0, 4).map((a, i) => [a, i % 2 ? 1n : -1n])), tokens: { [T]: tokenLegs(10) } })),
    ).toMatchObject({
      hbar: { [CAROL]: 5n },
    });
  });
});
