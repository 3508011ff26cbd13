import { randomUUID } from 'node:crypto';
import type { MarketEvent } from '../src/features/market-events/market-event';
import { createStreamFanoutService } from '../src/features/market-events/stream-fanout-service';
import { type TableStreamRecord, marketEventOf } from '../src/features/market-events/stream-table-record';
import { log, withLogContext } from '../src/platform/log';
import { streamPorts } from '../src/server/stream-ports';
import { watchAlerts } from '../src/server/watch-alerts-graph';

const fanout = createStreamFanoutService(streamPorts());

/**
 * The live market's fan-out, triggered by the app table's stream (only INSERTs of event items pass
 * its filter): each event to its stream's subscribers through the Management API. A failure fails
 * the batch, which Lambda retries; what was sent is not sent again (each subscription's cursor).
 */
export function handler(event: { Records: TableStreamRecord[] }, context?: { awsRequestId?: string }): Promise<void> {
  return withLogContext({ requestId: context?.awsRequestId ?? randomUUID(), route: 'job stream-fanout' }, async () => {
    const events = event.Records.map(marketEventOf).filter((marketEvent): marketEvent is MarketEvent => marketEvent !== undefined);
    if (!events.length) return;
    const report = await fanout.publish(events);
    // The market's events against the holders' watches: an alert is an event of the watcher's own stream (its INSERT comes back here).
    await watchAlerts().alert(events);
    if (report.failed || report.pruned) log.info('stream fan-out', { ...report });
  });
}
