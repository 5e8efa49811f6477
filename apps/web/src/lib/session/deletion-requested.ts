/**
 * What 'Seguridad y privacidad' tells Login after the account's deletion was asked for (decision 038),
 * so Login can say when it happens and that the e-mail was sent. Kept in sessionStorage rather than
 * in the navigation's state: forgetting the session sends the browser to Login through the guards,
 * whichever navigation comes first; Login takes it once.
 */
export interface DeletionRequested {
  deletionScheduledAt: string;
  hasOpenAtencion: boolean;
}

const KEY = 'escudo.deletion_requested';

export function rememberDeletionRequested(value: DeletionRequested): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage refused (private mode, quota): Login simply says nothing more
  }
}

/** the notice left for Login, removed as it is read; null when there is none */
export function takeDeletionRequested(): DeletionRequested | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const value: unknown = stored ? JSON.parse(stored) : null;
    return isDeletionRequested(value) ? value : null;
  } catch {
    return null;
  }
}

function isDeletionRequested(value: unknown): value is DeletionRequested {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DeletionRequested).deletionScheduledAt === 'string' &&
    typeof (value as DeletionRequested).hasOpenAtencion === 'boolean'
  );
}
