/**
 * Joins class names, with conditions (`cn('p-4', busy && 'opacity-60')`). It does not merge: two
 * classes for the same thing would leave the winner to the stylesheet's order, so a component's
 * base classes hold only what no caller changes, and a part callers do change is a prop (a variant,
 * `layout`, `maxWidth`...). Every e2e state and every built page is checked for such conflicts
 * (tests/support/class-conflicts.ts). Merging (tailwind-merge) cost each page ~20 ms of main thread
 * at its first call.
 */
export { clsx as cn } from 'clsx';
