/**
 * What Lambda bundles use in place of @aws-sdk/credential-provider-node (aliased in bundling.ts): a
 * Lambda's credentials are always in its environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN), the first source the SDK's default chain tries there. The chain's other sources
 * (profiles, SSO, web identity, container and instance metadata, and the STS/SSO clients they carry)
 * never answer in a Lambda and only add to every cold start.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The SDK's `defaultProvider`, reduced to the environment. */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);
