import { formatCount, formatHbarPrice, formatNumber, formatPaws } from '@/lib/format';
import { cn } from '@/lib/cn';
import type { MarketFigures as Figures } from './market-figures';

export interface MarketFiguresProps {
  /** The market's figures; null while loading or when they could not be read. */
  figures: Figures | null;
  owners: number | null;
  loading: boolean;
  /** The heading's id of the section (for aria-labelledby). */
  label: string;
}

function amount(figures: Figures, value: number): string {
  return `${figures.currency === 'HBAR' ? formatHbarPrice(value) : formatPaws(value)} ${figures.currency === 'HBAR' ? 'ℏ' : 'PAWS'}`;
}

function Change({ value }: { value: number | null }) {
  if (value === null) return null;
  const up = value > 0;
  const flat = value === 0;
  return (
    <span className={cn('text-xs font-semibold tabular-nums', flat ? 'text-muted-foreground' : up ? 'text-emerald-400' : 'text-red-400')}>
      <span aria-hidden="true">{flat ? '' : up ? '▲ ' : '▼ '}</span>
      <span className="sr-only">{flat ? 'unchanged' : up ? 'up' : 'down'} </span>
      {formatNumber(Math.abs(value), 1)}% <span className="sr-only">in 24 hours</span>
    </span>
  );
}

function Tile({ name, value, note }: { name: string; value: string; note?: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-border bg-card/60 px-3 py-2">
      <dt className="truncate text-xs font-medium text-muted-foreground">{name}</dt>
      <dd className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="text-base font-bold tabular-nums break-words sm:text-lg">{value}</span>
        {note}
      </dd>
    </div>
  );
}

/** The market figures header (issue 20): floor, 24 h and 7 d volume and sales with the 24 h change, listed and its share, owners. */
export function MarketFigures({ figures, owners, loading, label }: MarketFiguresProps) {
  const show = (format: (figures: Figures) => string) => (figures ? format(figures) : loading ? 'Loading...' : '—');
  return (
    <dl aria-labelledby={label} aria-busy={loading} className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-7" data-testid="market-figures">
      <Tile name="Floor" value={show((f) => (f.floor === null ? '—' : amount(f, f.floor)))} note={figures && <Change value={figures.floorChange24h} />} />
      <Tile name="24h Volume" value={show((f) => amount(f, f.volume24h))} note={figures && <Change value={figures.volumeChange24h} />} />
      <Tile name="24h Sales" value={show((f) => formatCount(f.sales24h))} note={figures && <Change value={figures.salesChange24h} />} />
      <Tile name="7d Volume" value={show((f) => amount(f, f.volume7d))} />
      <Tile name="7d Sales" value={show((f) => formatCount(f.sales7d))} />
      <Tile name="Listed" value={show((f) => `${formatCount(f.listed)} · ${f.listedShare.toFixed(1)}%`)} />
      <Tile name="Owners" value={owners === null ? (loading ? 'Loading...' : '—') : formatCount(owners)} />
    </dl>
  );
}
