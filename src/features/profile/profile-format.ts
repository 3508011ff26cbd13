import { DEFAULT_USERNAME } from './profile-rules';
import { formatUtcDay } from '@/lib/format';

/** 'March 14, 2025' for a profile's joinedAt; null when it never saved a profile (or the date is invalid). */
export function formatJoined(joinedAt: string | null): string | null {
  const time = joinedAt ? Date.parse(joinedAt) : Number.NaN;
  if (!Number.isFinite(time)) return null;
  return formatUtcDay(new Date(time), 'long');
}

/** The name a profile shows: its username, else 'Wild Tiger Holder'. */
export function displayName(username: string | null | undefined): string {
  return username?.trim() || DEFAULT_USERNAME;
}
