import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite, queryAll } from '@/platform/store/dynamo-operations';
import { BY_ACCOUNT_OR_TIGER, BY_STATUS_OR_TIME, KEY_ATTRIBUTES, accountSortPrefix, keys, partitions } from '@/platform/store/keys';
import { createActivityRepo } from '@/features/market-stats/activity-repo';
import { type OfferChange, type OfferEvent, offerChangedEvent } from '@/features/market-stats/trade-events';
import { createEventLogRepo } from '@/features/market-events/event-log-repo';
import { carriedItem, carriedUpdate, createEventOutbox } from '@/features/market-events/event-outbox';
import type { OfferClaim, OfferFill, OfferStatus, PawsOffer } from './offer-rules';

/** What the activity timeline reads of an offer (written there by the activity repo). */
export type OfferActivity = OfferEvent;

const offerKey = keys.pawsOffer;
const statusIndex = (status: OfferStatus) => partitions.pawsOffersIn(status);

function toOffer(item: Record<string, unknown>): PawsOffer {
  const { expiry, expiryMs: _ms, outbox: _events, ...rest } = item;
  for (const key of KEY_ATTRIBUTES) delete rest[key];
  return { ...(rest as Omit<PawsOffer, 'expiresAt'>), expiresAt: String(expiry) };
}

/** PAWS offers and their activity; every write that guards an offer's units is conditional. */
export function createOfferRepo(doc: DynamoDBDocumentClient, tableName: string) {
  const timeline = createActivityRepo(doc, tableName);
  // An offer made, accepted, cancelled or expired carries its live market event in the same conditional write.
  const outbox = createEventOutbox(doc, tableName, createEventLogRepo(doc, tableName));

  /** One conditional update of an offer, carrying the change's event if any; the offer after it, or undefined when its condition failed. */
  async function update(
    id: string,
    expression: { set: string; remove?: string; condition: string; names: Record<string, string>; values: Record<string, unknown> },
    change?: OfferChange,
  ): Promise<PawsOffer | undefined> {
    const carry = change ? carriedUpdate([offerChangedEvent(change)]) : undefined;
    const write = async () => {
      let after: Record<string, unknown> | undefined;
      const applied = await conditionalWrite(async () => {
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: offerKey(id),
            UpdateExpression: `SET #updatedAt = :updatedAt, ${expression.set}${carry ? `, ${carry.set}` : ''}${expression.remove ? ` REMOVE ${expression.remove}` : ''}`,
            ConditionExpression: `attribute_exists(pk) AND ${expression.condition}`,
            ExpressionAttributeNames: { '#updatedAt': 'updatedAt', ...expression.names, ...carry?.names },
            ExpressionAttributeValues: { ':updatedAt': new Date().toISOString(), ...expression.values, ...carry?.values },
            ReturnValues: 'ALL_NEW',
          }),
        );
        after = Attributes;
      });
      return applied && after ? toOffer(after) : undefined;
    };
    return carry ? outbox.change(offerKey(id), write) : write();
  }

  /** The names of a unit's claim and the in-flight count (DynamoDB refuses names an expression does not use). */
  const unitNames = (serial: number) => ({ '#claims': 'claims', '#serial': String(serial), '#inFlight': 'inFlight' });

  return {
    /** Writes a new offer, carrying its offer-made event (`made`); false when one with its id exists already. */
    async putOffer(offer: PawsOffer, made: OfferChange): Promise<boolean> {
      const { expiresAt, ...rest } = offer;
      return outbox.change(offerKey(offer.id), () =>
        conditionalWrite(() =>
          doc.send(
            new PutCommand({
              TableName: tableName,
              Item: {
                ...offerKey(offer.id),
                ...rest,
                expiry: expiresAt,
                expiryMs: Date.parse(expiresAt),
                gsi1pk: statusIndex(offer.status),
                gsi1sk: `${offer.createdAt}#${offer.id}`,
                gsi2pk: partitions.buyer(offer.buyerId),
                gsi2sk: `${accountSortPrefix.pawsOffer}${offer.createdAt}#${offer.id}`,
                ...carriedItem([offerChangedEvent(made)]),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        ),
      );
    },

    async getOffer(id: string): Promise<PawsOffer | undefined> {
      const { Item } = await doc.send(new GetCommand({ TableName: tableName, Key: offerKey(id), ConsistentRead: true }));
      return Item ? toOffer(Item) : undefined;
    },

    /** Offers with status 'open' (expired ones included until they are marked), oldest first. */
    async openOffers(): Promise<PawsOffer[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_STATUS_OR_TIME,
        KeyConditionExpression: 'gsi1pk = :status',
        ExpressionAttributeValues: { ':status': statusIndex('open') },
      });
      return items.map(toOffer);
    },

    /** A buyer's offers (every status), newest first. */
    async buyerOffers(buyerId: string): Promise<PawsOffer[]> {
      const items = await queryAll(doc, {
        TableName: tableName,
        IndexName: BY_ACCOUNT_OR_TIGER,
        KeyConditionExpression: 'gsi2pk = :buyer AND begins_with(gsi2sk, :prefix)',
        ExpressionAttributeValues: { ':buyer': partitions.buyer(buyerId), ':prefix': accountSortPrefix.pawsOffer },
        ScanIndexForward: false,
      });
      return items.map(toOffer);
    },

    /**
     * Claims one unit of an open, unexpired offer for a tiger: only while a unit is left and the
     * tiger has neither a claim nor a fill on this offer. Undefined when the condition failed.
     */
    claimUnit(id: string, serial: number, claim: OfferClaim, nowMs: number): Promise<PawsOffer | undefined> {
      return update(id, {
        set: '#claims.#serial = :claim, #remaining = #remaining - :one, #inFlight = #inFlight + :one',
        condition:
          '#status = :open AND #remaining >= :one AND #expiryMs > :now AND attribute_not_exists(#claims.#serial) AND attribute_not_exists(#fills.#serial)',
        names: { ...unitNames(serial), '#fills': 'fills', '#remaining': 'remaining', '#status': 'status', '#expiryMs': 'expiryMs' },
        values: { ':claim': claim, ':one': 1, ':open': 'open', ':now': nowMs },
      });
    },

    /** Gives a claimed unit back (its settlement failed), only if `claimId` still holds it. */
    async releaseUnit(id: string, serial: number, claimId: string): Promise<boolean> {
      const after = await update(id, {
        set: '#remaining = #remaining + :one, #inFlight = #inFlight - :one',
        remove: '#claims.#serial',
        condition: '#claims.#serial.#claimId = :claimId',
        names: { ...unitNames(serial), '#remaining': 'remaining', '#claimId': 'claimId' },
        values: { ':one': 1, ':claimId': claimId },
      });
      return after !== undefined;
    },

    /** Records a claimed unit as filled (its settlement succeeded), only if `claimId` still holds it, carrying its offer-accepted event; the offer after it. */
    fillUnit(id: string, serial: number, claimId: string, fill: OfferFill, accepted: OfferChange): Promise<PawsOffer | undefined> {
      return update(
        id,
        {
          set: '#fills.#serial = :fill, #filled = #filled + :one, #inFlight = #inFlight - :one',
          remove: '#claims.#serial',
          condition: '#claims.#serial.#claimId = :claimId',
          names: { ...unitNames(serial), '#fills': 'fills', '#claimId': 'claimId', '#filled': 'filled' },
          values: { ':fill': fill, ':one': 1, ':claimId': claimId },
        },
        accepted,
      );
    },

    /** Marks an open offer whose units are all filled as 'filled'. */
    async markFilled(id: string, quantity: number): Promise<boolean> {
      return (
        (await update(id, transition('filled', { condition: '#filled = :quantity', names: { '#filled': 'filled' }, values: { ':quantity': quantity } }))) !==
        undefined
      );
    },

    /** Cancels an open offer with no unit being settled, carrying its event; the offer after it, or undefined when it was not open or a unit is under way. */
    cancel(id: string, cancelled: OfferChange): Promise<PawsOffer | undefined> {
      return update(id, transition('cancelled', { condition: '#inFlight = :zero', names: { '#inFlight': 'inFlight' }, values: { ':zero': 0 } }), cancelled);
    },

    /** Marks an open offer expired at `nowMs` (none of its units being settled), taking it out of the open index; carries its event. */
    async markExpired(id: string, nowMs: number, expired: OfferChange): Promise<boolean> {
      const condition = {
        condition: '#inFlight = :zero AND #expiryMs <= :now',
        names: { '#inFlight': 'inFlight', '#expiryMs': 'expiryMs' },
        values: { ':zero': 0, ':now': nowMs },
      };
      return (await update(id, transition('expired', condition), expired)) !== undefined;
    },

    /** Writes an offer's event to the activity timeline once (a repeated write of the same event changes nothing). */
    putActivity: timeline.offerEvent,
  };
}

/** An update moving an open offer to `to` (and out of the open index) under an extra condition. */
function transition(to: OfferStatus, extra: { condition: string; names: Record<string, string>; values: Record<string, unknown> }) {
  return {
    set: '#status = :to, #gsi1pk = :index',
    condition: `#status = :open AND ${extra.condition}`,
    names: { '#status': 'status', '#gsi1pk': 'gsi1pk', ...extra.names },
    values: { ':to': to, ':index': statusIndex(to), ':open': 'open', ...extra.values },
  };
}

export type OfferRepo = ReturnType<typeof createOfferRepo>;
