/** The deletion's own rows about an account (lib/personal-data.ts): its cancel links. */
import { definePersonalData } from '../../lib/personal-data.ts';
import { deletionCancelTokens } from './deletion.schema.ts';

export const deletionData = definePersonalData({ tables: [deletionCancelTokens] });
