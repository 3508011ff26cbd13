import { cva } from 'class-variance-authority';

/**
 * The button classes by variant and size (spec 000 §9). Kept apart from Button.tsx so light
 * islands and Astro pages can style a `<button>` or `<a>` without shipping Slot.
 */
export const buttonVariants = cva(
  'inline-flex items-center rounded-md font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
        outline: 'border border-input bg-transparent text-foreground hover:border-primary hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        ghost: 'text-foreground hover:bg-muted',
        link: 'text-highlight underline-offset-4 hover:underline',
      },
      /** Where the content sits: centred, or a choice in a list (start), or label and value apart (between). */
      align: {
        center: 'justify-center gap-2',
        start: 'justify-start gap-3',
        between: 'justify-between gap-2',
      },
      /** Let a long label wrap onto more lines (a narrow screen), the button growing taller; else one line. */
      wrap: { true: 'whitespace-normal text-center', false: 'whitespace-nowrap' },
      /** Take the free space of a flex row (else keep its own width). */
      grow: { true: 'flex-1', false: 'shrink-0' },
      size: {
        default: 'h-10 px-4 py-2 text-sm',
        /** The default's, growing with a label that wraps. */
        fit: 'min-h-10 px-4 py-2 text-sm',
        sm: 'h-9 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 text-sm',
        /** A link in running text: no box of its own. */
        inline: 'text-xs',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', align: 'center', grow: false, wrap: false },
  },
);
