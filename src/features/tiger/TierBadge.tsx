import { Badge, type BadgeProps, type BadgeVariant } from '@/components/ui/Badge';
import type { RarityTier } from './tiers';

/** The badge variant that colours a rarity tier. */
export function tierBadgeVariant(tier: RarityTier): BadgeVariant {
  return tier.toLowerCase() as Lowercase<RarityTier>;
}

/** A badge showing a rarity tier name in its tier colour. */
export function TierBadge({ tier, className, ...props }: Omit<BadgeProps, 'variant' | 'children'> & { tier: RarityTier }) {
  return (
    <Badge variant={tierBadgeVariant(tier)} className={className} {...props}>
      {tier}
    </Badge>
  );
}
