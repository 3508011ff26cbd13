/** The CDK app, run by `cdk` from infra/: `cdk synth|deploy -c stage=NAME [-c network=mainnet -c nftTokenId=... ...]`. */
import { App } from 'aws-cdk-lib';
import { readSettings } from '../lib/settings';
import { addWildTigers } from '../lib/wild-tigers';

const app = new App();
try {
  addWildTigers(
    app,
    readSettings((key) => app.node.tryGetContext(key)),
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
