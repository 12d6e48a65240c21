/** Errors every store adapter raises in the same situations, so routes can answer them. */

export class DuplicateEmailError extends Error {
  override name = "DuplicateEmailError";
  constructor() {
    super("A member with this e-mail already exists");
  }
}
