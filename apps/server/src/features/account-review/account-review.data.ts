/** What the owner of a reclaimed account kept in its review (lib/personal-data.ts). */
import { definePersonalData } from '../../lib/personal-data.ts';
import { accountReviewKept } from './account-review.schema.ts';

export const accountReviewData = definePersonalData({ tables: [accountReviewKept] });
