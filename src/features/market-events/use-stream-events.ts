/**
 * An island's follow of the live market: `onChange` runs once for the events that arrive together
 * (a sale is the market's, the tiger's and two holders' event) that `matters` keeps, and once on a
 * reset (events may have been missed: read afresh). Streams given as null are not followed.
 */
import { useEffect, useRef } from 'react';
import type { MarketEvent } from './market-event';
import { followStream } from './stream-client';

/** Events within this long of each other are read once. */
const COALESCE_MS = 150;

export function useStreamEvents(streams: readonly (string | null)[], onChange: () => void, matters: (event: MarketEvent) => boolean = () => true): void {
  // The latest callbacks, without following the streams again each render.
  const latest = useRef({ onChange, matters });
  latest.current = { onChange, matters };
  const key = streams.filter(Boolean).join(' ');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.onChange(), COALESCE_MS);
    };
    const stops = key
      ? key.split(' ').map((stream) => followStream(stream, { onEvent: (event) => latest.current.matters(event) && changed(), onReset: changed }))
      : [];
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [key]);
}
