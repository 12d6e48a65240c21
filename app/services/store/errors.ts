/** Errors every store adapter raises in the same situations, so routes can answer them. */

export class DuplicateEmailError extends Error {
  override name = "DuplicateEmailError";
  constructor() {
    super("A member with this e-mail already exists");
  }
}

/** The backing store could not be reached or refused the request (Cockpit down, D1 error). */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}
