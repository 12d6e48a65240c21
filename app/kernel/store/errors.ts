/** Errors every store adapter raises in the same situations, so routes can answer them. */

export class DuplicateEmailError extends Error {
  override name = "DuplicateEmailError";
  constructor() {
    super("A member with this e-mail already exists");
  }
}

/** A ticket code already names another ticket (createTicketWithCode draws again). */
export class DuplicateTicketCodeError extends Error {
  override name = "DuplicateTicketCodeError";
  constructor() {
    super("A ticket with this code already exists");
  }
}

/**
 * The store could not answer (Cockpit down, slow or refusing). Routes answer it with a
 * clear message (forms keep their values); public pages serve their cached copy.
 */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
  /** The upstream HTTP status, when there was an answer. */
  readonly status: number | undefined;
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
  }
}
