// The offline outbox's contract with the server(DESIGN section 6).

/**
 * Every write the outbox replays names the user who made it (their uuid_id). The server refuses it
 * under anyone else's session, so a post queued on a shared iPad is never published as the next
 * person who signs in. The header only restricts: identity still comes from the session alone.
 */
export const OUTBOX_USER_HEADER = 'X-Outbox-User';

/** 403 when the session belongs to someone other than the item's author. */
export const OUTBOX_OTHER_USER_MESSAGE = 'This item was written by another user and is sent only when they are signed in';
