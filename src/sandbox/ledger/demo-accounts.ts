/** The sandbox network's demo accounts (the README's table); sandbox code and tests name them through these. */
export const ALICE = '0.0.7001001';
export const BOB = '0.0.7001002';
export const CAROL = '0.0.7001003';
export const DAVE = '0.0.7001004';
