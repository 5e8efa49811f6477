import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { PAGE_SIZE } from '@escudo/contract/browser';
import type { ActivityEntry } from '@escudo/contract';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAccountActivity } from '../api/get-account-activity.ts';
import { securityTexts } from '../texts.ts';
import { SecuritySection } from './security-section.tsx';

/** What happened to the account (decision 036), newest first, 15 a page. */
export function ActivitySection() {
  const [page, setPage] = useState(1);
  const activity = useAccountActivity(page);
  return (
    <SecuritySection title={securityTexts.activityTitle}>
      {activity.isPending ? (
        <ActivitySkeleton />
      ) : activity.isError ? (
        <ErrorState
          title={securityTexts.activityLoadFailed}
          onRetry={() => void activity.refetch()}
          isRetrying={activity.isFetching}
        />
      ) : activity.data.total === 0 ? (
        <EmptyNotice>{securityTexts.activityEmpty}</EmptyNotice>
      ) : (
        <>
          <List dense disablePadding aria-label={securityTexts.activityTitle}>
            {activity.data.activity.map((entry, index) => (
              <ActivityRow key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </List>
          {activity.data.total > PAGE_SIZE ? (
            <ServerPagination total={activity.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          ) : null}
        </>
      )}
    </SecuritySection>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const what = securityTexts.activityKinds[entry.kind];
  const origin = [entry.browser, entry.address].filter(Boolean).join(' · ');
  return (
    <ListItem divider disableGutters>
      <ListItemText
        primary={entry.detail ? `${what}: ${entry.detail}` : what}
        secondary={`${formatDateTime(entry.at)} · ${origin || securityTexts.activityUnknownOrigin}`}
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

function ActivitySkeleton() {
  return (
    <div aria-hidden>
      {[0, 1, 2].map((row) => (
        <div key={row} style={{ padding: '8px 0' }}>
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
        </div>
      ))}
    </div>
  );
}
