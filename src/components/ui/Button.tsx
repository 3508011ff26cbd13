import { Slot } from '@radix-ui/react-slot';
import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button-variants';

export { buttonVariants };

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child element (e.g. an `<a>`) with the button styles instead of a `<button>`. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, align, grow, wrap, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={cn(buttonVariants({ variant, size, align, grow, wrap }), className)} {...props} />;
  return <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size, align, grow, wrap }), className)} {...props} />;
}
