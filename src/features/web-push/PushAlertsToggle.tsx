/** Alerts on this device: the holder's choice to get their watch alerts as the browser's notifications (Web Push). */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { errorText } from '@/lib/api/error-text';
import { type PushState, pushState, turnPushOff, turnPushOn } from './push-client';

const SAID: Record<PushState, string> = {
  unsupported: 'This browser cannot show alerts as notifications.',
  unavailable: 'Alerts as notifications are not available on this site.',
  blocked: 'Notifications are blocked for this site in your browser’s settings.',
  off: 'Get your alerts as notifications on this device, even when the site is closed.',
  on: 'Your alerts reach this device as notifications.',
};

export function PushAlertsToggle() {
  // Unknown until the browser and the server answered: no button claims a state before then.
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    pushState()
      .then(setState)
      .catch(() => setState('unavailable'));
  }, []);

  async function change(to: () => Promise<PushState>): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      setState(await to());
    } catch (error) {
      setProblem(errorText(error, 'Notifications could not be changed on this device'));
    } finally {
      setBusy(false);
    }
  }

  if (!state) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-border p-3 text-sm">
      <p>{SAID[state]}</p>
      {(state === 'off' || state === 'on') && (
        <div>
          <Button
            size="sm"
            variant={state === 'on' ? 'outline' : 'default'}
            disabled={busy}
            onClick={() => void change(state === 'on' ? turnPushOff : turnPushOn)}
          >
            {busy ? 'Asking…' : state === 'on' ? 'Turn off on this device' : 'Turn on notifications'}
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-red-400">
          {problem}
        </p>
      )}
    </div>
  );
}
