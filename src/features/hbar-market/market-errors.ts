/** The market refused the request itself (SentX `success: false` with its apimessage); the message is safe to show. */
export class MarketRejectedError extends Error {
  override readonly name = 'MarketRejectedError';
}

/** The market could not answer: timeout, network error, 5xx, or a body not in the documented shape. */
export class MarketUnavailableError extends Error {
  override readonly name = 'MarketUnavailableError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
  }
}
