/** The Web Push routes' bodies: a browser's subscription, and the endpoint of one to forget. */
import * as z from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);

/** A PushSubscription's JSON (W3C Push API): its push service endpoint (checked by pushEndpointProblem) and its keys. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(1024),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.length(87), auth: base64url.length(22) }).strict(),
});

export const pushEndpointSchema = z.object({ endpoint: z.url().max(1024) }).strict();
