import { useStore } from '@nanostores/react';
import { $holders } from './landing-data';
import { holdersText } from './landing-format';
import { Placeholder } from './Placeholder';

/** The collection's holder count (GET /api/market/whales/{token}, cached 60 s): skeleton, number or 'N/A'. */
export default function HolderCount() {
  const holders = useStore($holders);
  if (holders.state === 'loading') {
    return (
      <span aria-busy="true" data-testid="holders-value">
        <Placeholder className="h-8 w-20" />
        <span className="sr-only">Loading holders</span>
      </span>
    );
  }
  return <span data-testid="holders-value">{holdersText(holders.state === 'ready' ? holders.value : null)}</span>;
}
