import { DomainError } from '@/lib/domain-error';

/** The market refused the request itself (SentX `success: false` with its apimessage); the message is safe to show. */
export class MarketRejectedError extends DomainError {
  override readonly name = 'MarketRejectedError';
  constructor(message: string) {
    super('MARKET_REJECTED', message);
  }
}

/** The market could not answer: timeout, network error, 5xx, or a body not in the documented shape. */
export class MarketUnavailableError extends DomainError {
  override readonly name = 'MarketUnavailableError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('MARKET_UNAVAILABLE', message);
    this.cause = options.cause;
  }
}
