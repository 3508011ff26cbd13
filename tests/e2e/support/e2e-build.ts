/**
 * The build-time settings the e2e site is built with (tests/run-all.ts, and by hand:
 * `npx tsx tests/e2e/support/build-site.ts --outDir <dir>`). The e2e specs assert these values,
 * so a site built without them fails the tests that read them.
 */
export const E2E_BUILD_ENV = {
  PUBLIC_DISCORD_URL: 'https://discord.gg/wild-tigers-e2e',
  PUBLIC_X_URL: 'https://x.com/WildTigersE2E',
} as const;
