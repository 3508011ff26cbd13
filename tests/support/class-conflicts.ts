/**
 * Tailwind class lists where two classes set the same thing (`h-9 h-auto`, `text-sm text-xs`).
 * Which one wins then depends on the stylesheet's order, not on the order in the class list, so
 * the app composes classes without conflicts (src/lib/cn.ts joins, it does not merge). The oracle
 * is tailwind-merge, a test-only dependency: a class it would drop is a conflict.
 */
import { twMerge } from 'tailwind-merge';

/** One line per class list with a conflict: the classes that lose, then the whole list. */
export function classConflicts(classLists: Iterable<string>): string[] {
  const conflicts: string[] = [];
  for (const list of new Set(classLists)) {
    const classes = list.trim().split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(classes.join(' ')).split(' '));
    const dropped = [...new Set(classes)].filter((name) => !kept.has(name));
    if (dropped.length > 0) conflicts.push(`${dropped.join(' ')} overridden in "${classes.join(' ')}"`);
  }
  return conflicts;
}
