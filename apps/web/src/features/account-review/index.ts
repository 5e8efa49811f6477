/** What the app shell puts together with other features (docs/style.md #1). */

/** the page a reclaimed account's owner is shown before anything else (decision 050) */
export const ACCOUNT_REVIEW_PATH = '/revisar-cuenta';
