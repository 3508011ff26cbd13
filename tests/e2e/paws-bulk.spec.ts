import { acceptSeveralChoosingTiger, bulkListAndCheckout } from './support/paws-flows';
import { test } from './support/test';
import { sandboxDriver } from './support/wallet-driver';
import { patient } from './support/pace';

// Trading in bulk on mainnet's clock ('ledger' project), through the sandbox wallet (walletconnect-paws.spec.ts: through WalletConnect).
test.describe('PAWS trading in bulk', { tag: '@ledger' }, () => {
  test('Alice lists five tigers with one approval; Bob’s cart is re-read as he pays (one tiger unlisted, one re-priced) and checked out with one PAWS approval', async ({
    page,
  }) => {
    test.setTimeout(patient(240_000));
    const timings = await bulkListAndCheckout(page, sandboxDriver);
    console.info(`[timing] bulk flows through the sandbox wallet (ms): ${JSON.stringify(timings)}`);
  });
});

// The instant clock ('trading' project): the bulk view of the offers received (walletconnect-paws.spec.ts: through WalletConnect).
test('Alice accepts two of Bob’s offers at once, a collection offer taking the tiger she picks, approved in one wallet transaction', async ({
  page,
  baseURL,
}) => {
  // Two offers and their approval through the API, then the flow in the page: 12 s alone, 53-70 s beside three ledger flows starting on two cores.
  test.setTimeout(patient(120_000));
  await acceptSeveralChoosingTiger(page, sandboxDriver, baseURL as string);
});
