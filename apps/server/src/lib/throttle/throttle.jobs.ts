/** The limits' scheduled work (lib/jobs): hits older than any window are deleted. */
import { defineJob } from '../jobs/jobs.ts';
import { pruneHits } from './throttle.ts';

export const pruneThrottleHitsJob = defineJob({
  name: 'prune-throttle-hits',
  // ours: old hits count for nothing (every count has its window); pruning only bounds the table
  everySeconds: 60,
  retry: { limit: 2, delaySeconds: 10 },
  run: pruneHits,
});
