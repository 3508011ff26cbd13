import { describe, expect, it } from 'vitest';
import { unlistMessage } from '@/features/paws-market/bulk-listing';

describe('what a bulk unlist says it did', () => {
  it('says how many listings came down, and never "removed" when none were', () => {
    expect(unlistMessage(0, 2)).toBe('No listing was removed. 2 could not be removed.');
    expect(unlistMessage(1, 0)).toBe("1 listing removed. Revoke the marketplace's permission on its tiger in your wallet to finish.");
    expect(unlistMessage(3, 1)).toBe(
      "3 listings removed. 1 could not be removed. Revoke the marketplace's permission on their tigers in your wallet to finish.",
    );
  });
});
