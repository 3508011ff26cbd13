import { type SubmitEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorText } from '@/lib/api/error-text';
import { toast } from '@/features/toast/toast-store';
import { tryAgainAfter } from '@/features/toast/try-again';
import { saveProfile } from './profile-client';
import { BIO_MAX, USERNAME_MAX, normaliseTwitterHandle, profileDraftErrors } from './profile-rules';
import type { Profile } from './profile-types';

const inputClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-stone-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[invalid=true]:border-red-400';

function Field({ id, label, hint, error, children }: { id: string; label: string; hint: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <p id={`${id}-hint`} className={error ? 'text-xs text-red-300' : 'text-xs text-muted-foreground'}>
        {error ?? hint}
      </p>
    </div>
  );
}

/** Edit mode of the profile card: username, bio, Twitter handle, the 'Public Profile' switch and the P&L opt-in; saving closes it. */
export function ProfileEditForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [username, setUsername] = useState(profile.username ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [twitterHandle, setTwitterHandle] = useState(profile.twitterHandle ? `@${profile.twitterHandle}` : '');
  const [isPublic, setIsPublic] = useState(profile.isPublic);
  const [pnlPublic, setPnlPublic] = useState(profile.pnlPublic);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const errors = profileDraftErrors({ username, bio, twitterHandle });
  const invalid = Object.keys(errors).length > 0;

  async function submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (invalid || saving) return;
    setSaving(true);
    try {
      await saveProfile({ username: username.trim(), bio: bio.trim(), twitterHandle: normaliseTwitterHandle(twitterHandle) ?? '', isPublic, pnlPublic });
      toast({ title: 'Profile Updated', description: 'Your changes were saved.' });
      onDone();
    } catch (failure) {
      const reason = errorText(failure, '');
      toast({
        title: 'Update failed',
        description: reason ? `Failed to update profile: ${reason}` : 'Failed to update profile',
        variant: 'destructive',
        // The form as it is now (it may have been edited since), sent as the Save button sends it.
        action: tryAgainAfter(failure, () => form.current?.requestSubmit(), 'saving your profile'),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Edit profile" noValidate>
      <Field id={`${id}-username`} label="Username" hint={`${username.trim().length}/${USERNAME_MAX} characters`} error={errors.username}>
        <input
          id={`${id}-username`}
          className={inputClass}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          placeholder="Your tiger name"
          autoComplete="nickname"
          // biome-ignore lint/a11y/noAutofocus: the form appears when the user asks to edit; its first field takes the focus
          autoFocus
          aria-invalid={!!errors.username}
          aria-describedby={`${id}-username-hint`}
        />
      </Field>
      <Field id={`${id}-bio`} label="Bio" hint={`${bio.trim().length}/${BIO_MAX} characters`} error={errors.bio}>
        <textarea
          id={`${id}-bio`}
          className={`${inputClass} min-h-24 resize-y`}
          value={bio}
          onChange={(event) => setBio(event.target.value)}
          placeholder="Tell the pride about yourself"
          aria-invalid={!!errors.bio}
          aria-describedby={`${id}-bio-hint`}
        />
      </Field>
      <Field id={`${id}-twitter`} label="Twitter handle" hint="Letters, numbers and underscores, up to 15." error={errors.twitterHandle}>
        <input
          id={`${id}-twitter`}
          className={inputClass}
          value={twitterHandle}
          onChange={(event) => setTwitterHandle(event.target.value)}
          placeholder="@yourusername (optional)"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!!errors.twitterHandle}
          aria-describedby={`${id}-twitter-hint`}
        />
      </Field>
      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id={`${id}-public`}
          type="checkbox"
          checked={isPublic}
          onChange={(event) => setIsPublic(event.target.checked)}
          className="mt-0.5 size-4 accent-amber-500"
          aria-describedby={`${id}-public-hint`}
        />
        <div className="grid gap-0.5">
          <label htmlFor={`${id}-public`} className="text-sm font-medium">
            Public Profile
          </label>
          <p id={`${id}-public-hint`} className="text-xs text-muted-foreground">
            Public profiles appear in the community directory.
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3 rounded-md border border-border p-3">
        <input
          id={`${id}-pnl`}
          type="checkbox"
          checked={pnlPublic}
          onChange={(event) => setPnlPublic(event.target.checked)}
          className="mt-0.5 size-4 accent-amber-500"
          aria-describedby={`${id}-pnl-hint`}
        />
        <div className="grid gap-0.5">
          <label htmlFor={`${id}-pnl`} className="text-sm font-medium">
            Show my profit and loss
          </label>
          <p id={`${id}-pnl-hint`} className="text-xs text-muted-foreground">
            Your trades are public on the ledger, but only you see their profit and loss here unless you share it on your public profile.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={invalid || saving} grow>
          {saving ? 'Saving…' : 'Save Changes'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
