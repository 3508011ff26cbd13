import { acceptSeveralChoosingTiger, bulkListAndCheckout, listBuyUnlist } from './support/paws-flows';
import { test } from './support/walletconnect-wallet';
import { patient } from './support/pace';

// The PAWS marketplace through WalletConnect: the scenario of paws-market.spec.ts (sandbox wallet).
test.describe
  .serial('PAWS marketplace through WalletConnect', () => {
    test('Alice lists, Bob approves PAWS in his wallet and buys; Alice unlists another and its allowance is gone', async ({ page, walletConnect }) => {
      test.setTimeout(patient(300_000));
      const timings = await listBuyUnlist(page, walletConnect);
      test.info().annotations.push({ type: 'timing', description: `WalletConnect PAWS flows: ${JSON.stringify(timings)}` });
      console.log(`[timing] WalletConnect PAWS flows (ms): ${JSON.stringify(timings)}`);
    });

    test('Alice lists five tigers with one approval; Bob’s cart is re-read as he pays (one tiger unlisted, one re-priced) and checked out with one PAWS approval', async ({
      page,
      walletConnect,
    }) => {
      test.setTimeout(patient(300_000));
      const timings = await bulkListAndCheckout(page, walletConnect);
      console.log(`[timing] WalletConnect bulk flows (ms): ${JSON.stringify(timings)}`);
    });

    test('Alice accepts two of Bob’s offers at once, a collection offer taking the tiger she picks, approved in one wallet transaction', async ({
      page,
      walletConnect,
      baseURL,
    }) => {
      test.setTimeout(patient(180_000));
      const took = await acceptSeveralChoosingTiger(page, walletConnect, baseURL as string);
      console.log(`[timing] WalletConnect bulk acceptance (ms): ${took}`);
    });
  });
