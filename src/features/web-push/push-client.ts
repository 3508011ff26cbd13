/**
 * The browser's side of Web Push alerts: whether this browser can show them, and turning them on
 * (the permission, the service worker /sw.js, a subscription to the browser's push service with
 * the site's VAPID key, kept by the server) or off.
 */
import { apiJson } from '@/lib/api';

export type PushState = 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/sw.js');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Where this browser stands: no push here, none from the site, blocked by the holder, off or on. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const { publicKey } = await apiJson<{ publicKey: string | null }>('/api/push/key');
  if (!publicKey) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Turns alerts on for this browser (asking the holder's permission first); answers the state after. */
export async function turnPushOn(): Promise<PushState> {
  const { publicKey } = await apiJson<{ publicKey: string | null }>('/api/push/key');
  if (!publicKey) return 'unavailable';
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'blocked' : 'off';
  const registration = await navigator.serviceWorker.register('/sw.js');
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await apiJson('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/** Turns alerts off for this browser: the server forgets it, and it leaves the push service. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiJson('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}
