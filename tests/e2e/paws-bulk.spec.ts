import { bulkListAndCheckout } from './support/paws-flows';
import { sandboxDriver } from './support/wallet-driver';
import { test } from './support/test';

// Trading in bulk on mainnet's clock ('ledger' project), through the sandbox wallet (walletconnect-paws.spec.ts: through WalletConnect).
test.describe('PAWS trading in bulk', { tag: '@ledger' }, () => {
  test('Alice lists five tigers with one approval; Bob checks out three from his cart with one PAWS approval', async ({ page }) => {
    test.setTimeout(240_000);
    const timings = await bulkListAndCheckout(page, sandboxDriver);
    console.info(`[timing] bulk flows through the sandbox wallet (ms): ${JSON.stringify(timings)}`);
  });
});
