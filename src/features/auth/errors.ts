import { DomainError } from '@/lib/domain-error';

/** Why a signed message was refused, as a message the user can act on. */
export class SignatureRejectedError extends DomainError {
  override name = 'SignatureRejectedError';
  constructor(message: string) {
    super('SIGNATURE_REJECTED', message);
  }
}

/** A sign-in challenge that is unknown, expired, already used, altered or issued to another account. */
export class ChallengeRejectedError extends DomainError {
  override name = 'ChallengeRejectedError';
  constructor(message: string) {
    super('CHALLENGE_REJECTED', message);
  }
}
