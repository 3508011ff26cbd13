import { describe, expect, it } from 'vitest';
import { profileUpdateSchema, publicProfilesQuerySchema } from '@/features/profile/profile-schema';
import { BIO_MAX, PROFILE_MESSAGES, USERNAME_MAX, normaliseTwitterHandle, profileDraftErrors, twitterUrl } from '@/features/profile/profile-rules';
import { countsAsView, viewDay, viewMarkerExpiry, viewerKey } from '@/features/profile/profile-views';

describe('twitter handles', () => {
  it.each([
    ['alice', 'alice'],
    ['@alice', 'alice'],
    ['  @Alice_99  ', 'Alice_99'],
    ['a', 'a'],
    ['fifteen_chars_x', 'fifteen_chars_x'],
    ['', null],
    ['   ', null],
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseTwitterHandle(input)).toBe(expected);
  });

  it.each(['@', '@@alice', 'sixteen_chars_xx', 'has space', 'dash-ed', 'émile', 'a.b', 'https://x.com/alice', '<b>'])('refuses %j', (input) => {
    expect(normaliseTwitterHandle(input)).toBeUndefined();
  });

  it('links to the X profile', () => {
    expect(twitterUrl('alice_1')).toBe('https://x.com/alice_1');
  });
});

describe('profile draft errors (the edit form)', () => {
  const ok = { username: 'Alice', bio: 'Roar', twitterHandle: '@alice' };

  it('is empty for a valid draft and at the limits', () => {
    expect(profileDraftErrors(ok)).toEqual({});
    expect(profileDraftErrors({ username: 'u'.repeat(USERNAME_MAX), bio: 'b'.repeat(BIO_MAX), twitterHandle: '' })).toEqual({});
    expect(profileDraftErrors({ ...ok, bio: 'line one\nline two\ttabbed' })).toEqual({});
  });

  it('names each offending field with the API’s message', () => {
    expect(profileDraftErrors({ username: 'u'.repeat(USERNAME_MAX + 1), bio: 'b'.repeat(BIO_MAX + 1), twitterHandle: 'no spaces' })).toEqual({
      username: PROFILE_MESSAGES.usernameTooLong,
      bio: PROFILE_MESSAGES.bioTooLong,
      twitterHandle: PROFILE_MESSAGES.handleInvalid,
    });
    expect(profileDraftErrors({ ...ok, username: 'new\nline' }).username).toBe(PROFILE_MESSAGES.usernameControl);
    expect(profileDraftErrors({ ...ok, bio: 'bell\u0007' }).bio).toBe(PROFILE_MESSAGES.bioControl);
    expect(profileDraftErrors({ ...ok, username: 'evil\u202Egnp.exe' }).username).toBe(PROFILE_MESSAGES.usernameControl);
    expect(profileDraftErrors({ ...ok, bio: 'isolate \u2066x\u2069' }).bio).toBe(PROFILE_MESSAGES.bioControl);
  });
});

describe('profile update schema', () => {
  const accountId = '0.0.7001001';

  it('trims text, stores markup as given, clears empty fields and strips the @', () => {
    expect(profileUpdateSchema.parse({ accountId, username: '  <b>Alice</b> ', bio: '', twitterHandle: '@alice', isPublic: false })).toEqual({
      accountId,
      username: '<b>Alice</b>',
      bio: null,
      twitterHandle: 'alice',
      isPublic: false,
    });
    expect(profileUpdateSchema.parse({ accountId, avatarNftSerial: '42' })).toEqual({ accountId, avatarNftSerial: 42 });
    expect(profileUpdateSchema.parse({ accountId, avatarNftSerial: null, twitterHandle: null })).toEqual({
      accountId,
      avatarNftSerial: null,
      twitterHandle: null,
    });
  });

  it('refuses over-long text, bad handles, non-boolean visibility and bad serials', () => {
    for (const body of [
      { username: 'x'.repeat(33) },
      { bio: 'x'.repeat(281) },
      { twitterHandle: 'bad handle' },
      { isPublic: 'true' },
      { avatarNftSerial: 1.5 },
      { avatarNftSerial: -1 },
    ]) {
      expect(profileUpdateSchema.safeParse({ accountId, ...body }).success, JSON.stringify(body)).toBe(false);
    }
    expect(profileUpdateSchema.safeParse({ accountId: 'alice', username: 'x' }).success).toBe(false);
  });

  it('bounds the search', () => {
    expect(publicProfilesQuerySchema.parse({ search: '  Alice ' })).toEqual({ search: 'Alice' });
    expect(publicProfilesQuerySchema.parse({})).toEqual({});
    expect(publicProfilesQuerySchema.safeParse({ search: 'x'.repeat(65) }).success).toBe(false);
  });
});

describe('profile views', () => {
  const noon = Date.parse('2025-03-14T12:00:00.000Z');

  it('belong to the UTC day, and their markers expire a day after it', () => {
    expect(viewDay(noon)).toBe('2025-03-14');
    expect(viewDay(Date.parse('2025-03-14T23:59:59.999Z'))).toBe('2025-03-14');
    expect(viewMarkerExpiry(noon)).toBe(Date.parse('2025-03-16T00:00:00.000Z') / 1000);
  });

  it('identify a signed-in viewer by account, others by a day-scoped hash of IP and user agent', () => {
    expect(viewerKey({ sessionAccountId: '0.0.7001002', sourceIp: '1.2.3.4' }, '2025-03-14')).toBe('account:0.0.7001002');
    const visitor = { sourceIp: '203.0.113.9', userAgent: 'Firefox' };
    const key = viewerKey(visitor, '2025-03-14');
    expect(key).toMatch(/^anonymous:[0-9a-f]{32}$/);
    expect(key).not.toContain('203.0.113.9');
    expect(viewerKey(visitor, '2025-03-14')).toBe(key);
    expect(viewerKey({ ...visitor, userAgent: 'Chrome' }, '2025-03-14')).not.toBe(key);
    expect(viewerKey({ ...visitor, sourceIp: '203.0.113.10' }, '2025-03-14')).not.toBe(key);
    expect(viewerKey(visitor, '2025-03-15')).not.toBe(key);
  });

  it('never count the owner', () => {
    expect(countsAsView({ sessionAccountId: '0.0.1' }, '0.0.1')).toBe(false);
    expect(countsAsView({ sessionAccountId: '0.0.2' }, '0.0.1')).toBe(true);
    expect(countsAsView({ sourceIp: '1.1.1.1' }, '0.0.1')).toBe(true);
  });
});
