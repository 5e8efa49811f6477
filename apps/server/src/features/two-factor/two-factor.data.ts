/**
 * Two-step sign-in's data (lib/personal-data.ts): its sealed secret, recovery codes and challenges
 * (never in an export), and the back-off counted on the account, forgotten when it is deleted.
 */
import { definePersonalData } from '../../lib/personal-data.ts';
import { accountCodeBackoff, twoFactorLimits } from './two-factor.limits.ts';
import { twoFactor, twoFactorChallenges, twoFactorRecoveryCodes } from './two-factor.schema.ts';

export const twoFactorData = definePersonalData({
  tables: [twoFactor, twoFactorRecoveryCodes, twoFactorChallenges],
  deletion: {
    async throttleSubjects(_tx, account, ctx) {
      const id = String(account.userId);
      return {
        exact: [
          { limit: accountCodeBackoff, subject: id },
          { limit: twoFactorLimits(ctx.env).wrongCodeNotice, subject: id },
        ],
        startingWith: [],
      };
    },
  },
});
