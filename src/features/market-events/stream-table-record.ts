/**
 * The market's events as the app table's stream carries them (the fan-out's trigger): an event
 * item's NEW_IMAGE in DynamoDB's attribute-value form, read back into a MarketEvent. Pure.
 */
import { keys } from '@/platform/store/keys';
import { MARKET_EVENT_TYPES, type MarketEvent } from './market-event';

/** What every event item's partition key starts with (`STREAM#{stream}`): the fan-out's trigger filters on it. */
export const EVENT_KEY_PREFIX = keys.streamEvent('', '').pk;

/** An attribute value of a stream record (the subset event items use). */
export type StreamAttribute = { S?: string; N?: string; BOOL?: boolean; NULL?: boolean; M?: Record<string, StreamAttribute>; L?: StreamAttribute[] };

/** One record of the table's stream, as much as the fan-out reads of it. */
export interface TableStreamRecord {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, StreamAttribute> };
}

/** A stream record's attribute value as plain JavaScript. */
export function plainValue(value: StreamAttribute): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.M) return Object.fromEntries(Object.entries(value.M).map(([key, inner]) => [key, plainValue(inner)]));
  if (value.L) return value.L.map(plainValue);
  return null;
}

const isEventType = (type: unknown): type is MarketEvent['type'] => (MARKET_EVENT_TYPES as readonly unknown[]).includes(type);

/** The market event an INSERT of an event item wrote; undefined for any other record. */
export function marketEventOf(record: TableStreamRecord): MarketEvent | undefined {
  const image = record.dynamodb?.NewImage;
  if (record.eventName !== 'INSERT' || !image || !image.pk?.S?.startsWith(EVENT_KEY_PREFIX)) return undefined;
  const item = Object.fromEntries(Object.entries(image).map(([key, value]) => [key, plainValue(value)]));
  const { stream, seq, type, at, data } = item;
  if (typeof stream !== 'string' || typeof seq !== 'number' || !isEventType(type) || typeof at !== 'string' || !data || typeof data !== 'object')
    return undefined;
  return { stream, seq, type, at, data: data as MarketEvent['data'] };
}
