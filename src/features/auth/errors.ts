/** Why a signed message was refused, as a message the user can act on. */
export class SignatureRejectedError extends Error {
  override name = 'SignatureRejectedError';
}

/** A sign-in challenge that is unknown, expired, already used, altered or issued to another account. */
export class ChallengeRejectedError extends Error {
  override name = 'ChallengeRejectedError';
}
