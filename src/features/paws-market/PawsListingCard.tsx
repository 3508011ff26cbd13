import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';
import { TierBadge } from '@/features/tiger/TierBadge';
import { NftMedia } from '@/features/tiger/NftMedia';
import { TigerViewTrigger } from '@/features/tiger/TigerViewTrigger';
import { rankText, tierByRank, traitLabel } from '@/features/tiger/tiers';

/** The fields of a listing or an owned NFT that a card shows. */
export interface TigerSummary {
  serialNumber: number;
  nftName: string;
  nftImage: string;
  rarityRank: number | null;
  traits: { trait_type: string; value: string }[];
}

interface TigerCardProps {
  tiger: TigerSummary;
  /** Price line, badges or status under the name. */
  children?: ReactNode;
  /** The card's action (Buy, List, Unlist). */
  action?: ReactNode;
}

/** A tiger card of the PAWS marketplace and the profile: image, tier, name, rank, a few traits, an action. */
export function TigerCard({ tiger, children, action }: TigerCardProps) {
  const { serialNumber: serial, nftName: name, nftImage: image, rarityRank, traits } = tiger;
  return (
    <Card className="flex min-w-0 flex-col overflow-hidden p-0">
      <div className="relative">
        <TigerViewTrigger serial={serial} name={name}>
          <NftMedia serial={serial} image={image} name={name} />
        </TigerViewTrigger>
        <TierBadge tier={tierByRank(rarityRank)} className="pointer-events-none absolute top-2 left-2" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <h3 className="min-w-0 font-semibold leading-snug wrap-anywhere">{name}</h3>
          {rarityRank !== null && <span className="text-xs text-muted-foreground">{rankText(rarityRank)}</span>}
        </div>
        {traits.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label="Traits">
            {traits.slice(0, 3).map((trait) => (
              <li key={trait.trait_type} className="rounded bg-muted px-1.5 py-0.5 text-[11px] text-muted-foreground">
                {traitLabel(trait.trait_type)}: {trait.value}
              </li>
            ))}
          </ul>
        )}
        {children}
        {action && <div className="mt-auto pt-1">{action}</div>}
      </div>
    </Card>
  );
}
