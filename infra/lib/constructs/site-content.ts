import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { NOT_FOUND_METADATA } from '../page-routing';

export interface SiteContentProps {
  /** The Astro build (dist/). */
  dir: string;
  bucket: IBucket;
  distribution: IDistribution;
}

/** Hashed assets: cached for a year. Pages and other files: revalidated by browsers, cached a day at the edge (invalidated on deploy). */
const IMMUTABLE = CacheControl.fromString('public, max-age=31536000, immutable');
const REVALIDATE = CacheControl.fromString('public, max-age=0, s-maxage=86400, must-revalidate');
const ASSETS = '_astro/*';
const NOT_FOUND_PAGE = '404.html';

/**
 * Uploads the site build in three passes: hashed assets (kept across deploys, for pages still
 * cached), the 404 page (marked by metadata for the status-404 function), then the pages and
 * other files (pruned), and invalidates the distribution.
 */
export class SiteContent extends Construct {
  constructor(scope: Construct, id: string, props: SiteContentProps) {
    super(scope, id);
    const common = { sources: [Source.asset(props.dir)], destinationBucket: props.bucket, memoryLimit: 512 };
    const assets = new BucketDeployment(this, 'Assets', { ...common, exclude: ['*'], include: [ASSETS], cacheControl: [IMMUTABLE], prune: false });
    const notFound = new BucketDeployment(this, 'NotFoundPage', {
      ...common,
      exclude: ['*'],
      include: [NOT_FOUND_PAGE],
      cacheControl: [REVALIDATE],
      metadata: NOT_FOUND_METADATA,
      prune: false,
    });
    const pages = new BucketDeployment(this, 'Pages', {
      ...common,
      exclude: [ASSETS, NOT_FOUND_PAGE],
      cacheControl: [REVALIDATE],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets, notFound);
  }
}
