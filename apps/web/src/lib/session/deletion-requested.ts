/**
 * What 'Seguridad y privacidad' hands Login (as the navigation's state) after the account's deletion
 * was asked for (decision 038), so Login can say when it happens and that the e-mail was sent.
 */
export interface DeletionRequestedState {
  deletionScheduledAt: string;
  hasOpenAtencion: boolean;
}

export function isDeletionRequestedState(state: unknown): state is DeletionRequestedState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as DeletionRequestedState).deletionScheduledAt === 'string' &&
    typeof (state as DeletionRequestedState).hasOpenAtencion === 'boolean'
  );
}
