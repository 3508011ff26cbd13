import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/infra/**/*.test.ts', 'tests/integration/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one file at a time, while many
    // API tests mostly wait for the sandbox's mainnet-like lag. With three, the two lag files held two workers for their
    // first minute with the cores 40-90% idle; four: 160 s against 186.
    maxWorkers: 4,
  },
});
