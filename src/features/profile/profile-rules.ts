/** Pure rules of profile fields, shared by the API's validation and the edit form. */
import type { Profile } from './profile-types';

export const USERNAME_MAX = 32;
export const BIO_MAX = 280;
export const SEARCH_MAX = 64;
export const DEFAULT_USERNAME = 'Wild Tiger Holder';

/** An X/Twitter handle: an optional leading @, then 1-15 letters, digits or underscores. */
export const TWITTER_HANDLE = /^@?[A-Za-z0-9_]{1,15}$/;

// C0 controls, DEL and the bidirectional overrides/isolates (which could disguise a name).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

export const PROFILE_MESSAGES = {
  usernameTooLong: `Username must be ${USERNAME_MAX} characters or fewer`,
  usernameControl: 'Username cannot contain control characters',
  bioTooLong: `Bio must be ${BIO_MAX} characters or fewer`,
  bioControl: 'Bio cannot contain control characters',
  handleInvalid: 'Twitter handle must be 1-15 letters, numbers or underscores (a leading @ is optional)',
  nothingToUpdate: 'Nothing to update: send username, bio, twitterHandle, isPublic, pnlPublic or avatarNftSerial',
  notYours: 'You can only edit your own profile',
  nftNotFound: 'NFT not found',
  profileNotFound: 'Profile not found',
} as const;

export interface ProfileDraft {
  username: string;
  bio: string;
  twitterHandle: string;
}

export type ProfileDraftErrors = Partial<Record<keyof ProfileDraft, string>>;

/** The handle without its @, or null when empty; undefined when invalid. */
export function normaliseTwitterHandle(input: string): string | null | undefined {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  return TWITTER_HANDLE.test(trimmed) ? trimmed.replace(/^@/, '') : undefined;
}

/** The profile link of a stored handle. */
export function twitterUrl(handle: string): string {
  return `https://x.com/${encodeURIComponent(handle)}`;
}

/** The field errors of an edit-form draft (the same limits the API enforces), empty when valid. */
export function profileDraftErrors(draft: ProfileDraft): ProfileDraftErrors {
  const errors: ProfileDraftErrors = {};
  const username = draft.username.trim();
  if (username.length > USERNAME_MAX) errors.username = PROFILE_MESSAGES.usernameTooLong;
  else if (hasControlCharacters(username)) errors.username = PROFILE_MESSAGES.usernameControl;
  const bio = draft.bio.trim();
  if (bio.length > BIO_MAX) errors.bio = PROFILE_MESSAGES.bioTooLong;
  else if (hasControlCharacters(bio, true)) errors.bio = PROFILE_MESSAGES.bioControl;
  if (normaliseTwitterHandle(draft.twitterHandle) === undefined) errors.twitterHandle = PROFILE_MESSAGES.handleInvalid;
  return errors;
}

/** True when the text has a control character (bios may keep line breaks and tabs). */
export function hasControlCharacters(text: string, allowNewlines = false): boolean {
  return (allowNewlines ? CONTROL_EXCEPT_NEWLINES : CONTROL).test(text);
}

/** What an account that never saved a profile shows (public by default, spec 001 §3). */
export function defaultProfile(accountId: string): Profile {
  return {
    accountId,
    username: null,
    bio: null,
    twitterHandle: null,
    isPublic: true,
    pnlPublic: false,
    avatarNftSerial: null,
    profileViews: 0,
    joinedAt: null,
  };
}
