import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ageText } from '@/features/hbar-market/market-model';
import { isVideoByRules, mediaSources } from '@/features/tiger/media';
import {
  HBAR_LISTED_PATH,
  LATEST_SALES_PATH,
  PAWS_RAREST_PATH,
  type StripTiger,
  pickHbarListed,
  pickLatestSales,
  pickPawsListings,
  rarestListed,
} from './landing-tigers';
import { tigerViewHref } from '@/features/tiger/tiger-view-href';
import { Placeholder } from './Placeholder';
import { type Remote, remoteJson } from './remote';
import { rankText } from '@/features/tiger/tiers';

const MAX_AGE_MS = 60_000;
const $pawsRarest = remoteJson(PAWS_RAREST_PATH, pickPawsListings, { maxAgeMs: MAX_AGE_MS });
const $hbarListed = remoteJson(HBAR_LISTED_PATH, pickHbarListed, { maxAgeMs: MAX_AGE_MS });
const $latestSales = remoteJson(LATEST_SALES_PATH, (body) => pickLatestSales(body), { maxAgeMs: MAX_AGE_MS });

/** A tiger's picture: its image sources tried in turn (spec 001 §7's order), a video where the tiger is one. */
function TigerPicture({ tiger }: { tiger: StripTiger }) {
  const sources = mediaSources(tiger.serial, tiger.image);
  const [index, setIndex] = useState(0);
  const source = sources[index];
  const box = 'aspect-square w-full rounded-lg bg-stone-800 object-cover';
  if (!source) return <span className={`grid place-items-center text-xs text-stone-400 ${box}`}>#{tiger.serial}</span>;
  const next = () => setIndex((current) => current + 1);
  return isVideoByRules(tiger.serial, source) ? (
    <video className={box} src={source} muted playsInline preload="metadata" onError={next} />
  ) : (
    <img className={box} src={source} alt="" loading="lazy" decoding="async" onError={next} />
  );
}

function Row({ title, tigers, empty }: { title: string; tigers: Remote<StripTiger[]>; empty: string }) {
  const headingId = `strip-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h4 id={headingId} className="text-lg font-bold">
        {title}
      </h4>
      {tigers.state === 'loading' ? (
        <div className="flex gap-3 overflow-hidden" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Placeholder key={index} className="aspect-[4/5] w-36 shrink-0 sm:w-44" />
          ))}
          <span className="sr-only">Loading tigers</span>
        </div>
      ) : tigers.state === 'failed' || tigers.value.length === 0 ? (
        <p className="text-sm text-stone-400">{tigers.state === 'failed' ? 'Tigers could not be loaded right now.' : empty}</p>
      ) : (
        <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
          {tigers.value.map((tiger) => (
            <li key={tiger.serial} className="w-36 shrink-0 snap-start sm:w-44">
              <a
                href={tigerViewHref(tiger.serial)}
                className="grid gap-2 rounded-xl border border-border bg-card p-2 transition-colors hover:border-amber-500/60 focus-visible:border-amber-500"
                data-testid="strip-tiger"
              >
                <TigerPicture tiger={tiger} />
                <span className="grid gap-0.5 px-1 pb-1">
                  <span className="truncate text-sm font-semibold">{tiger.name}</span>
                  <span className="flex flex-wrap items-baseline justify-between gap-x-2 text-xs text-stone-400">
                    <span className="font-bold text-amber-300">{tiger.price}</span>
                    {tiger.soldAt ? <span>{ageText(tiger.soldAt)}</span> : tiger.rank !== null && <span>{rankText(tiger.rank)}</span>}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Both markets' lists merged once both answered (or one failed: the other still shows). */
function merged(a: Remote<StripTiger[]>, b: Remote<StripTiger[]>): Remote<StripTiger[]> {
  if (a.state === 'loading' || b.state === 'loading') return { state: 'loading' };
  if (a.state === 'failed' && b.state === 'failed') return { state: 'failed' };
  return { state: 'ready', value: rarestListed([...(a.state === 'ready' ? a.value : []), ...(b.state === 'ready' ? b.value : [])]) };
}

/**
 * The landing page's real tigers (issue 20 item 6): the rarest listed on both markets and the
 * latest sales, each linking to the tiger's view. Loaded on demand by the TigerStrip island.
 */
export default function TigerStripRows() {
  const paws = useStore($pawsRarest);
  const hbar = useStore($hbarListed);
  const sales = useStore($latestSales);
  return (
    <div className="grid gap-8">
      <Row title="Rarest listed" tigers={merged(paws, hbar)} empty="No tiger is listed right now." />
      <Row title="Latest sales" tigers={sales} empty="No sales yet." />
    </div>
  );
}
