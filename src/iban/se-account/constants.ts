// The numbers Swedish accounts are known by, shared by their checks (check.ts), their writer
// (accounts.ts), the scheme (scheme.ts) and checkSeAccount: the six rules and their words, the
// layouts of the 17 account digits, each rule's share of a digit, the row kinds and the places
// of the guard and check digits. Kept apart from the code that uses them, which a build may
// load on first use (scripts/build-library.mjs).

/** The rules as `national_check.method` names them; a rule is its index here. */
export const SE_RULES = [
  'type 1 comment 1',
  'type 1 comment 2',
  'type 2 comment 1',
  'type 2 comment 2',
  'type 2 comment 3',
  'type 2 variant 4',
] as const

/** Where each rule's weighed digits start among the 17 (they end at the last, index 16). */
export const RULE_START = [7, 6, 7, 8, 7, 7]
/** Each rule's modulus: 11 (weights 1–10 from the right, repeating) or 10 (Luhn). */
export const RULE_MODULUS = [11, 11, 10, 11, 10, 11]

/** What each rule weighs and how, in words (messages). */
export const RULE_WORDS = [
  'mod 11 over the clearing number’s last three digits and the 7-digit account',
  'mod 11 over the clearing number and the 7-digit account',
  'mod 10 over the 10-digit account',
  'mod 11 over the 9-digit account',
  'mod 10 over the 10-digit account',
  'mod 11 over the 10-digit account',
]

// How the 17 digits hold a range's clearing number and account (BSAB's methods):
/** Method 1, a 7-digit account: 000000 CCCC AAAAAAA. */
export const LAYOUT_T1 = 0
/** Method 1 with a 10-digit account, method 3 (Plusgirot), method 4: 000 CCCC AAAAAAAAAA. */
export const LAYOUT_C10 = 1
/** Method 3, Swedbank's five-digit clearing numbers: 00 CCCCK AAAAAAAAAA. */
export const LAYOUT_S5 = 2
/** Method 2, a 10-digit account (no clearing number): 0000000 AAAAAAAAAA. */
export const LAYOUT_P10 = 3
/** Method 2, a 9-digit account: 00000000 AAAAAAAAA. */
export const LAYOUT_P9 = 4

/** Luhn's share of a doubled digit. */
export const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9]

/**
 * Each rule's share of a digit d at place i of the 17, at [i × 10 + d]: d times its mod 11
 * weight (1 to 10 from the right, repeating), or Luhn's d or doubled d; 0 where the rule does
 * not weigh place i. One lookup a digit, in validation's and generation's loops alike.
 */
export const RULE_SHARES: readonly Int16Array[] = RULE_START.map((start, rule) => {
  const shares = new Int16Array(17 * 10)
  for (let i = start; i < 17; i++)
    for (let d = 0; d < 10; d++)
      shares[i * 10 + d] =
        RULE_MODULUS[rule] === 11 ? d * (((16 - i) % 10) + 1) : (16 - i) % 2 === 1 ? (DOUBLED[d] as number) : d
  return shares
})

// ---- how a bank's rows lay out their accounts ----

/** Rows whose branches are all type 1 (000000 CCCC): 10 digits, then the account's free digits. */
export const ROW_T1 = 0
/** Rows of 10-digit accounts only (00 CCCCK, 000 CCCC, 0000000): 7 digits, then free ones. */
export const ROW_L10 = 1
/** Handelsbanken's rows: 8 zeros, then the 9-digit account. */
export const ROW_P9 = 2
/** Rows of several kinds: 10-digit branches; a 10-digit account's first digits are derived. */
export const ROW_MIX = 3

/**
 * How wide each row kind's branches are, which is where its free digits start among the 17
 * (mixed rows after digit 9).
 */
export const FREE_START = [10, 7, 8, 10]

/** The guard's and the check digit's place among the 17. */
export const GUARD = 15
export const CHECK = 16
