import type { RemovalPolicy } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SecretName } from '../../../src/server/secrets';

export interface AppSecretsProps {
  stage: string;
  removalPolicy: RemovalPolicy;
}

const PLACEHOLDER = 'placeholder: set it with put-secret-value';
/** The key forms src/features/ledger/private-key.ts reads: the type must be explicit. */
const KEY_FORMS = 'as DER hex or ed25519:<hex> / ecdsa:<hex>';

/**
 * The app's secrets in Secrets Manager, one per secret name the server reads (src/server/secrets.ts).
 * All start as a random 64-character string: the session key keeps it, the others wait for their real value.
 */
export class AppSecrets extends Construct {
  readonly byName: Record<SecretName, ISecret>;

  constructor(scope: Construct, id: string, props: AppSecretsProps) {
    super(scope, id);
    const secret = (name: SecretName, holds: string) =>
      new Secret(this, name, {
        description: `Wild Tigers ${props.stage}: ${holds}`,
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: props.removalPolicy,
      });
    this.byName = {
      SESSION_SECRET: secret('SESSION_SECRET', 'signs session cookies (generated, keep as is)'),
      OPERATOR_KEY: secret('OPERATOR_KEY', `private key of the PAWS marketplace account, ${KEY_FORMS} (${PLACEHOLDER})`),
      SENTX_API_KEY: secret('SENTX_API_KEY', `SentX API key of the HBAR marketplace (${PLACEHOLDER})`),
      SENTX_AFFILIATE_KEY: secret('SENTX_AFFILIATE_KEY', `private key of the SentX affiliate account, ${KEY_FORMS} (${PLACEHOLDER})`),
      SAUCERSWAP_API_KEY: secret('SAUCERSWAP_API_KEY', `SaucerSwap API key for the PAWS price, optional (${PLACEHOLDER})`),
      VAPID_KEYS: secret('VAPID_KEYS', `the Web Push VAPID key pair as {"publicKey","privateKey"} (npx web-push generate-vapid-keys --json; ${PLACEHOLDER})`),
    };
  }
}
