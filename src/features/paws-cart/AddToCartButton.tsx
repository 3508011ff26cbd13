import { Button } from '@/components/ui/Button';
import { useIslandStore } from '@/lib/use-island-store';
import { toast } from '../toast/toast-store';
import { MAX_CART_ITEMS } from '../paws-market/cart-rules';
import type { PublicListing } from '../paws-market/paws-client';
import { cartLine } from './cart-client';
import { $cart, addToCart, removeFromCart } from './cart-store';

/** Puts a PAWS listing in the buyer's cart, or takes it out again. */
export function AddToCartButton({ listing, buyerId, className }: { listing: PublicListing; buyerId: string; className?: string }) {
  const lines = useIslandStore($cart, []);
  const inCart = lines.some((line) => line.listingId === listing.id);
  return (
    <Button
      variant="outline"
      className={className}
      aria-pressed={inCart}
      onClick={() => {
        if (inCart) return removeFromCart(buyerId, [listing.id]);
        if (addToCart(buyerId, cartLine(listing)) === 'full') {
          toast({ title: 'Cart full', description: `A cart holds at most ${MAX_CART_ITEMS} tigers: check out or remove some first.`, variant: 'destructive' });
        }
      }}
    >
      {inCart ? 'In cart ✓' : 'Add to cart'}
    </Button>
  );
}
