// Help-centre questions; the first three also feed the FAQPage structured data.

export interface FaqEntry {
  question: string;
  answer: string;
}

export const HELP_FAQ: readonly FaqEntry[] = [
  {
    question: 'What are Wild Tigers?',
    answer:
      'Wild Tigers are 3,333 unique digital tiger NFTs on the Hedera network. Each tiger has its own traits and a rarity rank, and was minted for 45 HBAR on June 2, 2024.',
  },
  {
    question: 'What is $PAWS?',
    answer:
      '$PAWS is the community token of Wild Tigers on Hedera (token id 0.0.9296439, total supply 1,000,000,000). It is earned from the faucet and used for trading on the PAWS Market and for holder benefits.',
  },
  {
    question: 'How do I buy a Wild Tiger?',
    answer:
      'Buy on our PAWS Market with $PAWS, or on the Marketplace page, which trades through the external SentX marketplace in HBAR. Connect your Hedera wallet, browse the listings and confirm the purchase in your wallet.',
  },
  {
    question: 'Which wallet do I need?',
    answer: 'A Hedera wallet that supports WalletConnect, such as HashPack. Your wallet is your only account: there is no separate sign-up.',
  },
  {
    question: 'Why am I asked to sign a message?',
    answer:
      'Signing the sign-in message proves that you control your account. It is not a transaction and costs no fee. After signing you can see your HBAR and $PAWS balances.',
  },
  {
    question: 'How do I list my tiger for $PAWS?',
    answer:
      'Open the PAWS Market, go to My NFTs, press List and enter a price. Your wallet then asks you to approve the marketplace to transfer that one tiger. The tiger stays in your wallet until someone buys it.',
  },
  {
    question: 'How do I remove a listing?',
    answer: 'In My Listings press Unlist NFT and confirm with Return to Den. The listing is removed and the trading permission in your wallet is revoked.',
  },
  {
    question: 'Why does a $PAWS purchase ask for a token allowance?',
    answer:
      'The marketplace settles a sale in one transfer: the tiger goes to you and the $PAWS go to the seller. Approving an allowance for the price lets it move exactly that amount of $PAWS when the sale executes.',
  },
  {
    question: 'What do the rarity tiers mean?',
    answer:
      'Every tiger has a rarity rank computed from how rare its traits are across the collection. Its tier, from Mythic and Legendary down to Common, is shown on every card; Unknown means no rank is available yet.',
  },
  {
    question: 'My tigers do not show up. What can I do?',
    answer: 'Use Sync NFTs on the PAWS Market or Verify Ownership on your profile to read your tigers directly from the Hedera ledger.',
  },
  {
    question: 'How do I set up my profile?',
    answer:
      'Open My Profile, press Edit Profile and add a username, a short bio and your Twitter handle. Choose one of your tigers as your profile image and decide whether your profile is public.',
  },
];

/** Spec 000 §2: the FAQ of the structured data covers what the NFTs are, what $PAWS is and how to buy. */
export const CORE_FAQ: readonly FaqEntry[] = HELP_FAQ.slice(0, 3);
