import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect, useState } from 'react';
import { $openTiger, $tigerViewHosted, $writeToReopen } from '@/features/tiger/tiger-view-store';
import { tigerFromSearch, withTigerParam, writeFromSearch } from './tiger-view-rules';

type TigerViewComponent = ComponentType<{ serial: number | null; onClose: () => void }>;

/**
 * Opens the view asked for by the address (`?tiger=N`, on load and on back/forward), and over it the
 * dialog of the write it names (`&write=ID`, the tray's link): the entry it came with is kept without
 * the parameters, the view's own history entry (Dialog.tsx) carries the tiger.
 */
function openFromAddress(): void {
  const serial = tigerFromSearch(window.location.search);
  if (serial === null || $openTiger.get() !== null) return;
  const write = writeFromSearch(window.location.search);
  const { wildTigersDialog: _level, ...state } = (window.history.state ?? {}) as Record<string, unknown>;
  window.history.replaceState(state, '', withTigerParam(window.location.href, null));
  $writeToReopen.set(write);
  $openTiger.set(serial);
}

/**
 * Hosts the view of one tiger on a page (an island of its own): cards open it through $openTiger,
 * and its code (TigerView and the purchase and listing flows it opens) loads on the first opening.
 */
export default function TigerViewHost() {
  const serial = useStore($openTiger);
  const [View, setView] = useState<TigerViewComponent | null>(null);

  useEffect(() => {
    $tigerViewHosted.set(true);
    openFromAddress();
    window.addEventListener('popstate', openFromAddress);
    return () => {
      window.removeEventListener('popstate', openFromAddress);
      $tigerViewHosted.set(false);
    };
  }, []);

  useEffect(() => {
    if (serial === null || View) return;
    let current = true;
    void import('./TigerView').then((module) => current && setView(() => module.TigerView));
    return () => {
      current = false;
    };
  }, [serial, View]);

  return View ? <View serial={serial} onClose={() => $openTiger.set(null)} /> : null;
}
