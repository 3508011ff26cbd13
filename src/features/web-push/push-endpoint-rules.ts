/**
 * Which push service endpoints the server will post to: the browsers' push services over https
 * (their hosts, as the browsers subscribe to them), never a host of the holder's choosing (the
 * server would post wherever a subscription points); on the sandbox, its own push service stand-in.
 */

/** The push services of Chrome and Edge (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS). */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

/** Why the server will not push to `endpoint`, or null when it will. */
export function pushEndpointProblem(endpoint: string, network: 'sandbox' | 'mainnet', siteHost: string | undefined): string | null {
  const url = new URL(endpoint);
  if (network === 'sandbox') {
    const own = url.host === siteHost && url.pathname.startsWith('/sandbox/push/');
    return own ? null : 'On the sandbox network, subscriptions are to its push service stand-in';
  }
  if (url.protocol !== 'https:') return 'A push service endpoint must be https';
  const known = PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
  return known ? null : 'This push service is not one the browsers use';
}
