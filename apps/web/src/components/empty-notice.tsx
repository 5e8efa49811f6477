import type { ReactNode } from 'react';
import './empty-notice.css';

/**
 * What a list or a panel says while it has nothing to show: a quiet line in an outlined box. MUI's
 * outlined Paper and Typography as they drew, in plain markup (empty-notice.css): it is on the first
 * screen of the pages it is on (decision 017's addenda).
 */
export function EmptyNotice({ children }: { children: ReactNode }) {
  return (
    <div className="empty-notice">
      <p>{children}</p>
    </div>
  );
}
