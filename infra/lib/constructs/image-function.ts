import { execFileSync } from 'node:child_process';
import { AssetHashType, Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Code, FunctionUrlAuthType, type IFunctionUrl, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { REPO_ROOT } from '../bundling';

const RUNTIME = Runtime.NODEJS_22_X;

/** The bundle and sharp beside it (infra/lib/image-bundling.ts), staged by the local toolchain; Docker is never used. */
function imageCode(): Code {
  const bundle = (outputDir: string) => ['--import', 'tsx', 'infra/bin/bundle-image.ts', outputDir];
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: RUNTIME.bundlingImage,
      // Never run (local bundling always succeeds); CDK keys its asset cache on these options.
      command: ['node', ...bundle('/asset-output')],
      local: {
        tryBundle(outputDir) {
          execFileSync(process.execPath, bundle(outputDir), { cwd: REPO_ROOT, stdio: 'inherit' });
          return true;
        },
      },
    },
  });
}

export interface ImageFunctionProps {
  stage: string;
  /** Settings the handler reads from its environment (src/server/config.ts). */
  environment: Record<string, string>;
  logRemovalPolicy: RemovalPolicy;
}

/**
 * The image route's Lambda (functions/img.ts: thumbnails resized with sharp) and its function URL,
 * which only CloudFront may call (IAM auth, signed by the distribution's Origin Access Control).
 * It reads no table and no secret: the catalog comes from the ledger and IPFS.
 */
export class ImageFunction extends Construct {
  readonly fn: LambdaFunction;
  readonly url: IFunctionUrl;

  constructor(scope: Construct, id: string, props: ImageFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.ONE_MONTH, removalPolicy: props.logRemovalPolicy });
    this.fn = new LambdaFunction(this, 'Handler', {
      description: `Wild Tigers ${props.stage} image route (/img/{serial}/{width})`,
      code: imageCode(),
      handler: 'index.handler',
      runtime: RUNTIME,
      architecture: Architecture.ARM_64,
      // libvips is multi-threaded: more memory is more CPU, and a 640 px render stays well under a second.
      memorySize: 1024,
      timeout: Duration.seconds(20),
      environment: props.environment,
      logGroup,
    });
    this.url = this.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
  }
}
