import { Button } from '@/components/ui/Button';
import { useIslandStore } from '@/lib/use-island-store';
import { toast } from '@/features/toast/toast-store';
import { MAX_CART_ITEMS } from '@/features/paws-market/cart-rules';
import type { PublicListing } from '@/features/paws-market/paws-client';
import { cartLine } from './cart-client';
import { $cart, addToCart, removeFromCart } from './cart-store';

/** Where the cart opens: the PAWS marketplace, the cart's dialog open (CartButton reads the hash). */
export const CART_HREF = '/paws-marketplace#cart';

/** Puts a PAWS listing in the buyer's cart, or takes it out again; `away` (off the marketplace page) says where the cart is. */
export function AddToCartButton({
  listing,
  buyerId,
  className,
  away = false,
}: {
  listing: PublicListing;
  buyerId: string;
  className?: string;
  away?: boolean;
}) {
  const lines = useIslandStore($cart, []);
  const inCart = lines.some((line) => line.listingId === listing.id);
  return (
    <Button
      variant="outline"
      className={className}
      aria-pressed={inCart}
      onClick={() => {
        if (inCart) return removeFromCart(buyerId, [listing.id]);
        const added = addToCart(buyerId, cartLine(listing));
        if (added === 'full') {
          toast({ title: 'Cart full', description: `A cart holds at most ${MAX_CART_ITEMS} tigers: check out or remove some first.`, variant: 'destructive' });
        } else if (away) {
          toast({
            title: 'Added to your cart',
            description: `${listing.nftName} is in your cart on the PAWS marketplace.`,
            action: { label: 'Open the cart', altText: 'Open the cart on the PAWS marketplace', onClick: () => window.location.assign(CART_HREF) },
          });
        }
      }}
    >
      {inCart ? 'In cart ✓' : 'Add to cart'}
    </Button>
  );
}
