/** The back office's answer to a post that is not one of its buttons (a tampered or stale form), with status 400. */
export const ACTION_NOT_UNDERSTOOD = "That action was not understood. Please try again.";
