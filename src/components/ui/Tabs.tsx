import { type ComponentProps, type KeyboardEvent, type ReactNode, createContext, useContext, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { tabIndexForKey } from './tab-keys';

interface TabsState {
  selected: string;
  select: (value: string) => void;
  id: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

const partId = (state: TabsState, part: 'tab' | 'panel', value: string) => `${state.id}-${part}-${value.replace(/\W+/g, '-')}`;

interface TabsProps {
  /** The selected tab when the parent keeps it; otherwise `defaultValue` starts it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern): a tab list whose arrow keys move between tabs and select them,
 * Home and End jump to the first and last; only the selected panel is rendered. Our own rather than
 * Radix's: its panels measured their computed style while mounting, a forced style and layout of
 * the whole page in the middle of hydration.
 */
export function Tabs({ value, defaultValue = '', onValueChange, className, children }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const id = useId();
  const selected = value ?? own;
  const select = (next: string) => {
    if (next === selected) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ selected, select, id }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const next = tabs[tabIndexForKey(event.key, tabs.indexOf(document.activeElement as HTMLButtonElement), tabs.length)];
  if (!next) return;
  event.preventDefault();
  next.focus();
  next.click();
}

/** The row of tabs; `layout` replaces its display and height (one row, 44 px high). */
export function TabsList({ className, layout = 'inline-flex h-11', ...props }: ComponentProps<'div'> & { layout?: string }) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      className={cn('items-center gap-1 rounded-lg border border-border bg-card p-1 text-muted-foreground', layout, className)}
      {...props}
    />
  );
}

/**
 * One tab; `layout` replaces its padding and wrapping. A press of the primary button selects it (as
 * Radix's tabs do), so a page that moves under the pointer between press and release (a row above
 * growing once its data comes) cannot leave the tab focused but not selected; the click still
 * selects for the keyboard, the arrow keys and the early-click replay.
 */
export function TabsTrigger({ value, className, layout = 'px-3 whitespace-nowrap', ...props }: ComponentProps<'button'> & { value: string; layout?: string }) {
  const state = useTabs('TabsTrigger');
  const active = state.selected === value;
  return (
    <button
      type="button"
      role="tab"
      id={partId(state, 'tab', value)}
      aria-selected={active}
      aria-controls={partId(state, 'panel', value)}
      data-state={active ? 'active' : 'inactive'}
      tabIndex={active ? 0 : -1}
      onMouseDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) state.select(value);
      }}
      onClick={() => state.select(value)}
      className={cn(
        'inline-flex h-full items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow',
        layout,
        className,
      )}
      {...props}
    />
  );
}

/** The selected tab's panel; `spacing` replaces its space above (`mt-4`). */
export function TabsContent({ value, className, spacing = 'mt-4', ...props }: ComponentProps<'div'> & { value: string; spacing?: string }) {
  const state = useTabs('TabsContent');
  if (state.selected !== value) return null;
  return (
    <div
      role="tabpanel"
      id={partId(state, 'panel', value)}
      aria-labelledby={partId(state, 'tab', value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes a tab panel focusable
      tabIndex={0}
      data-state="active"
      className={cn(spacing, className)}
      {...props}
    />
  );
}
