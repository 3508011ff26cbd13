/** Spec 000 §9 and 001 §9: the collection's size. */
export const TOTAL_SUPPLY = 3333;
/** Spec 001 §9: serials minted (owner lookups stop here); the landing page shows its own figure. */
export const MINTED = 3328;
/** Spec 001 §9: the serials whose media are videos. */
export const VIDEO_SERIALS = { from: 3320, to: 3326 } as const;
