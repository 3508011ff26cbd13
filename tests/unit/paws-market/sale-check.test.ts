/**
 * One sale check (issue 56): checkSale runs a PAWS sale's checks in one order, and the sales (a buy,
 * a cart's checkout and quote, an offer accepted alone or with others) ask their checks only through it.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type SaleSteps, checkSale } from '../../../src/features/paws-market/sale-check';

/** Steps that record their calls; `override` replaces some. */
function recordingSteps(calls: string[], override: Partial<SaleSteps<string, string, string>> = {}): SaleSteps<string, string, string> {
  /** Records the step `name`, answering `value`. */
  const step = <T>(name: string, value: T): T => {
    calls.push(name);
    return value;
  };
  return {
    actor: { sessionAccountId: '0.0.2', accountId: '0.0.2', notYours: 'not yours' },
    standing: async () => step('standing', { goods: 'tiger' }),
    approval: async () => step('approval', true),
    tigers: async (goods, byReceipt) => step(`tigers:${byReceipt}`, goods),
    sellersPayable: async (goods) => step('sellers', goods),
    due: async () => step('due', 42n),
    funded: async (_goods, due) => step(`funded:${due}`, 'funds'),
    movable: (_goods, byReceipt) => step(`movable:${byReceipt}`, undefined),
    ...override,
  };
}

describe('checkSale', () => {
  it('asks every step once, in the one order, handing on the approval, what is due and the funds', async () => {
    const calls: string[] = [];
    const checked = await checkSale(recordingSteps(calls));
    expect(calls).toEqual(['standing', 'approval', 'tigers:true', 'sellers', 'due', 'funded:42', 'movable:true']);
    expect(checked).toEqual({ goods: 'tiger', due: 42n, funded: 'funds', approvedByReceipt: true });
  });

  it('refuses another account before reading anything', async () => {
    const calls: string[] = [];
    const steps = recordingSteps(calls, { actor: { sessionAccountId: '0.0.2', accountId: '0.0.3', notYours: 'You can only buy for your own account' } });
    await expect(checkSale(steps)).rejects.toMatchObject({ code: 'NOT_YOUR_ACCOUNT', message: 'You can only buy for your own account' });
    expect(calls).toEqual([]);
  });

  it('answers a sale already made without checking it again', async () => {
    const calls: string[] = [];
    const standing = async () => {
      calls.push('standing');
      return { done: 'sold to you' };
    };
    expect(await checkSale(recordingSteps(calls, { standing }))).toEqual({
      done: 'sold to you',
    });
    expect(calls).toEqual(['standing']);
  });

  it('stops at the first refusal: nothing after it is asked', async () => {
    const calls: string[] = [];
    const refused = recordingSteps(calls, {
      sellersPayable: async () => {
        calls.push('sellers');
        throw new Error('seller cannot be paid');
      },
    });
    await expect(checkSale(refused)).rejects.toThrow('seller cannot be paid');
    expect(calls).toEqual(['standing', 'approval', 'tigers:true', 'sellers']);
  });

  it('without an approval to wait for, the tigers are judged on the mirror alone', async () => {
    const calls: string[] = [];
    await checkSale(recordingSteps(calls, { approval: undefined }));
    expect(calls).toEqual(['standing', 'tigers:false', 'sellers', 'due', 'funded:42', 'movable:false']);
  });
});

/** The sales, and the checks a sale makes (trade-checks, trade-terms, listing-backing): in these files they are asked only inside checkSale's steps. */
const SALES = [
  'src/features/paws-market/buy-service.ts',
  'src/features/paws-market/cart-checkout.ts',
  'src/features/offers/offer-accepting.ts',
  'src/features/offers/offer-bulk-accepting.ts',
];
const CHECKS = new Set([
  'assertFeesPayable',
  'pawsApprovalSettled',
  'ownedTiger',
  'requireSellerPayable',
  'canBePaid',
  'listingsBacked',
  'unpayableSellers',
  'requireApproved',
  'requirePurchaseFunded',
  'stillBacked',
  'requireFunded',
  'readPurchaseFunds',
]);

/**
 * Walks `node`'s calls, telling `onCall` whether each stands inside a checkSale(...) call's
 * arguments; `skip` leaves out a function declaration's body.
 */
function walkCalls(
  node: ts.Node,
  inside: boolean,
  onCall: (call: ts.CallExpression, name: string, inside: boolean) => void,
  skip: (node: ts.Node) => boolean = () => false,
): void {
  if (skip(node)) return;
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    if (name === 'checkSale') {
      for (const arg of node.arguments) walkCalls(arg, true, onCall, skip);
      return;
    }
    onCall(node, name, inside);
  }
  ts.forEachChild(node, (child) => walkCalls(child, inside, onCall, skip));
}

/** Where each check is called outside a checkSale(...) call's arguments: `file:line name`. */
function checksOutsideCheckSale(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  // Helpers: functions whose every call is inside checkSale's arguments (standing, requireFunded, stillBacked, keepOnly…) count as inside.
  const callsOf = new Map<string, boolean[]>();
  walkCalls(source, false, (call, name, inside) => {
    if (ts.isIdentifier(call.expression)) callsOf.set(name, [...(callsOf.get(name) ?? []), inside]);
  });
  const helpers = new Set([...callsOf].filter(([, insides]) => insides.every(Boolean)).map(([name]) => name));
  const found: string[] = [];
  walkCalls(
    source,
    false,
    (call, name, inside) => {
      if (CHECKS.has(name) && !inside) found.push(`${path}:${source.getLineAndCharacterOfPosition(call.getStart()).line + 1} ${name}`);
    },
    (node) => ts.isFunctionDeclaration(node) && !!node.name && helpers.has(node.name.text),
  );
  return found;
}

describe('the sales ask their checks only through checkSale', () => {
  it.each(SALES)('%s calls checkSale (accept-many: through the single acceptance), and no sale check outside its steps', (path) => {
    expect(readFileSync(path, 'utf8')).toMatch(/\bcheckSale(<[^(]*>)?\(|\bsteps\.check\(/);
    expect(checksOutsideCheckSale(path)).toEqual([]);
  });
});
