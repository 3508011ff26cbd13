import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

// Solid dark fills with light text: readable on cards and on top of NFT artwork alike.
export const badgeVariants = cva('inline-flex items-center gap-1 border py-0.5 font-semibold', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      outline: 'border-input text-foreground',
      destructive: 'border-transparent bg-destructive text-destructive-foreground',
      success: 'border-emerald-500 bg-emerald-950 text-emerald-200',
      mythic: 'border-fuchsia-400 bg-fuchsia-950 text-fuchsia-200',
      legendary: 'border-amber-400 bg-amber-950 text-amber-200',
      epic: 'border-violet-400 bg-violet-950 text-violet-200',
      rare: 'border-sky-400 bg-sky-950 text-sky-200',
      uncommon: 'border-emerald-400 bg-emerald-950 text-emerald-200',
      common: 'border-stone-500 bg-stone-800 text-stone-200',
      unknown: 'border-dashed border-stone-500 bg-stone-900 text-stone-300',
      /** A market card's LISTING and SALE labels. */
      listing: 'border-amber-300 bg-primary text-primary-foreground',
      sale: 'border-stone-300 bg-stone-100 text-stone-900',
    },
    size: {
      default: 'rounded-full px-2.5 text-xs',
      /** On a market card's artwork: smaller while the card is narrow (the card-wide variant, global.css). */
      overlay: 'rounded-full px-1.5 text-[11px] shadow-sm card-wide:px-2.5 card-wide:text-xs',
      /** A card's status label on its artwork. */
      label: 'rounded-md px-1.5 text-[11px] tracking-wide shadow-sm card-wide:px-2.5 card-wide:text-xs card-wide:tracking-wider',
    },
    /** Let a long text wrap instead of keeping to one line. */
    wrap: { true: 'whitespace-normal', false: 'whitespace-nowrap' },
  },
  defaultVariants: { variant: 'default', size: 'default', wrap: false },
});

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, size, wrap, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant, size, wrap }), className)} {...props} />;
}
