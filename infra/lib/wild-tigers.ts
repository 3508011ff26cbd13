import type { App } from 'aws-cdk-lib';
import type { RouteDef } from '../../src/server/http/route-types';
import { ROUTES } from '../../src/server/routes';
import { AppStack } from './app-stack';
import { DataStack } from './data-stack';
import type { Settings } from './settings';

/** Adds one stage of Wild Tigers to the app: WildTigers-<stage>-Data (stateful) and WildTigers-<stage>-App. */
export function addWildTigers(app: App, settings: Settings, routes: readonly RouteDef[] = ROUTES) {
  const common = { env: settings.env, tags: { project: 'wild-tigers', stage: settings.stage } };
  const data = new DataStack(app, `WildTigers-${settings.stage}-Data`, {
    ...common,
    description: `Wild Tigers ${settings.stage}: table and secrets`,
    stage: settings.stage,
    dev: settings.dev,
  });
  const appStack = new AppStack(app, `WildTigers-${settings.stage}-App`, {
    ...common,
    description: `Wild Tigers ${settings.stage}: API and site`,
    settings,
    routes,
    table: data.table,
    secrets: data.secrets,
  });
  return { data, app: appStack };
}
