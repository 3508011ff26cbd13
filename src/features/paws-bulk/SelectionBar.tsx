import { useState } from 'react';
import { Button } from '@/components/ui/Button';

/** The bar of a grid whose cards can be selected: 'Select several', then how many are selected and the bulk action. */
export function SelectionBar({
  selecting,
  count,
  action,
  onToggle,
  onAct,
}: {
  selecting: boolean;
  count: number;
  action: string;
  onToggle: () => void;
  onAct: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={onToggle} aria-pressed={selecting}>
        {selecting ? 'Cancel selection' : 'Select several'}
      </Button>
      {selecting && (
        <Button size="sm" disabled={count === 0} onClick={onAct}>
          {action} ({count})
        </Button>
      )}
    </div>
  );
}

/**
 * The classes of a grid's header row holding a SelectionBar: while selecting it stays in view under
 * the fixed navigation, so the bulk action is at hand however far the grid is scrolled.
 */
export function selectionHeaderClass(selecting: boolean, layout: string): string {
  return selecting ? `${layout} sticky top-16 z-30 -mx-2 rounded-lg bg-background/95 px-2 py-2 shadow-lg shadow-black/40 backdrop-blur` : layout;
}

/** A card's checkbox while its grid is selecting. */
export function SelectBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" className="size-5 accent-primary" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-label={label} />
      Select
    </label>
  );
}

/** A grid's selection of several cards (by key): whether it is selecting, what is selected, and the changes. */
export function useSelection() {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const end = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  return {
    selecting,
    selected,
    /** Starts selecting, or stops (forgetting the selection). */
    toggle: () => (selecting ? end() : setSelecting(true)),
    select: (key: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    end,
  };
}
