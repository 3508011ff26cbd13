import { bulkListAndCheckout, listBuyUnlist } from './support/paws-flows';
import { test } from './support/walletconnect-wallet';

// The PAWS marketplace through WalletConnect: the scenario of paws-market.spec.ts (sandbox wallet).
test.describe
  .serial('PAWS marketplace through WalletConnect', () => {
    test('Alice lists, Bob approves PAWS in his wallet and buys; Alice unlists another and its allowance is gone', async ({ page, walletConnect }) => {
      test.setTimeout(300_000);
      const timings = await listBuyUnlist(page, walletConnect);
      test.info().annotations.push({ type: 'timing', description: `WalletConnect PAWS flows: ${JSON.stringify(timings)}` });
      console.log(`[timing] WalletConnect PAWS flows (ms): ${JSON.stringify(timings)}`);
    });

    test('Alice lists five tigers with one approval; Bob checks out three from his cart with one PAWS approval', async ({ page, walletConnect }) => {
      test.setTimeout(300_000);
      const timings = await bulkListAndCheckout(page, walletConnect);
      console.log(`[timing] WalletConnect bulk flows (ms): ${JSON.stringify(timings)}`);
    });
  });
